ALTER TABLE "crash_groups" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "crash_groups" ADD COLUMN "split_from" text;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "split_fingerprint" text;--> statement-breakpoint
UPDATE "crash_groups" g SET "error_message" = left(r."error_message", 500)
FROM "crash_reports" r WHERE r."id" = g."last_report_id";--> statement-breakpoint
DROP INDEX IF EXISTS "crash_groups_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "crash_groups" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "crash_groups" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(fingerprint || ' ' || title || ' ' || coalesce(exception_type, '') || ' ' || coalesce(culprit, '') || ' ' || coalesce(error_message, '') || ' ' || frames::text)) STORED;--> statement-breakpoint
CREATE INDEX "crash_groups_search_trgm_idx" ON "crash_groups" USING gin ("search_text" gin_trgm_ops);
