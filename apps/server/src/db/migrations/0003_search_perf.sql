CREATE INDEX "perks_cost_idx" ON "perks" USING btree ("cost_amount","created_at","id");--> statement-breakpoint
CREATE INDEX "quests_reward_idx" ON "quests" USING btree ("reward_amount","created_at","id");--> statement-breakpoint
-- Explore search (hand-written: generated columns and GIN indexes drizzle-kit does not model). The
-- full-text document is stored, so a prefix match or a rank never recomputes to_tsvector per row, and
-- ANALYZE keeps word statistics for it. Keep in step with modules/explore/search-sql.ts.
-- Search GIN indexes skip the pending list (fastupdate): quests, perks and members are written rarely, and
-- until a VACUUM merges it every search scans that list linearly (a 100k-quest fill made a prefix
-- lookup 4x slower).
ALTER TABLE "quests" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "title" || ' ' || "description")) STORED;
--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "search_tsv" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "title" || ' ' || "description")) STORED;
--> statement-breakpoint
CREATE INDEX "quests_search_tsv_idx" ON "quests" USING gin ("search_tsv") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "perks_search_tsv_idx" ON "perks" USING gin ("search_tsv") WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS "quests_search_fts_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "perks_search_fts_idx";
--> statement-breakpoint
ALTER INDEX "quests_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "perks_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "users_search_trgm_idx" SET (fastupdate = off);
