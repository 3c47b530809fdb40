DROP INDEX "wallets_single_system_uq";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_system_shard_uq" ON "wallets" USING btree ("shard") WHERE "wallets"."kind" = 'system';