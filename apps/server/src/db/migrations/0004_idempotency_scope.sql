DROP INDEX "idempotency_records_user_key_uq";--> statement-breakpoint
ALTER TABLE "idempotency_records" ALTER COLUMN "status_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_records_scope_uq" ON "idempotency_records" USING btree ("user_id","method","path","key");