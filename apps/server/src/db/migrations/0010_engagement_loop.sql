CREATE TABLE "leaderboard_scores" (
	"board" text NOT NULL,
	"user_id" uuid NOT NULL,
	"xp" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_scores_board_user_id_pk" PRIMARY KEY("board","user_id")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qualified_at" timestamp with time zone,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."invitee_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"prize_pool" bigint DEFAULT 0 NOT NULL,
	"payout_split" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"funded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_window" CHECK ("seasons"."ends_at" > "seasons"."starts_at"),
	CONSTRAINT "seasons_pool_nonneg" CHECK ("seasons"."prize_pool" >= 0)
);
--> statement-breakpoint
CREATE TABLE "streak_check_ins" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text DEFAULT 'check_in' NOT NULL,
	"streak_day" integer NOT NULL,
	"reward_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streak_check_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "streaks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"longest" integer DEFAULT 0 NOT NULL,
	"last_day" date,
	"last_repair_at" timestamp with time zone,
	"reminded_day" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_entries_amount_pos" CHECK ("xp_entries"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_owner_matches_kind";--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "streak_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "reminder_hour" integer DEFAULT 19 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "min_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "min_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streak_check_ins" ADD CONSTRAINT "streak_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_entries" ADD CONSTRAINT "xp_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_scores_rank_idx" ON "leaderboard_scores" USING btree ("board","xp");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_qualified_idx" ON "referrals" USING btree ("referrer_id","qualified_at");--> statement-breakpoint
CREATE INDEX "seasons_window_idx" ON "seasons" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_entries_once_uq" ON "xp_entries" USING btree ("user_id","source","source_id");--> statement-breakpoint
CREATE INDEX "xp_entries_user_idx" ON "xp_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "xp_entries_created_idx" ON "xp_entries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_uq" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_season_uq" ON "wallets" USING btree ("season_id");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_owner_matches_kind" CHECK (("wallets"."kind" = 'member' and "wallets"."user_id" is not null) or ("wallets"."kind" = 'escrow' and "wallets"."quest_id" is not null) or ("wallets"."kind" = 'season' and "wallets"."season_id" is not null) or ("wallets"."kind" = 'system' and "wallets"."user_id" is null));--> statement-breakpoint
-- XP is history, as the ledger is: never updated or deleted (issue #16 item 1).
CREATE TRIGGER xp_entries_append_only BEFORE UPDATE OR DELETE ON xp_entries
  FOR EACH ROW EXECUTE FUNCTION wyn_refuse_change();
