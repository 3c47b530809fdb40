CREATE UNIQUE INDEX "popular_searches_term_lower_uq" ON "popular_searches" USING btree (lower("search_term"));--> statement-breakpoint
CREATE INDEX "popular_searches_rank_idx" ON "popular_searches" USING btree ("is_promoted","search_count");--> statement-breakpoint
-- Explore search (hand-written: expression indexes with operator classes). The search service matches
-- these exact expressions, so keep them in step with modules/explore/search-sql.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "quests_search_trgm_idx" ON "quests" USING gin (lower("title" || ' ' || "description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "quests_search_fts_idx" ON "quests" USING gin (to_tsvector('simple'::regconfig, "title" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX "perks_search_trgm_idx" ON "perks" USING gin (lower("title" || ' ' || "description") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "perks_search_fts_idx" ON "perks" USING gin (to_tsvector('simple'::regconfig, "title" || ' ' || "description"));
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower(coalesce("username", '') || ' ' || coalesce("tg_username", '') || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);
