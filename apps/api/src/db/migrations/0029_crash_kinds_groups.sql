ALTER TABLE "crash_reports" ADD COLUMN "kind" text DEFAULT 'crash' NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "kind_details" jsonb;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "signature_fingerprint" text;--> statement-breakpoint
ALTER TABLE "crash_groups" ADD COLUMN "kind" text DEFAULT 'crash' NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_groups" ADD COLUMN "basis" text DEFAULT 'in-app' NOT NULL;--> statement-breakpoint
CREATE TABLE "crash_group_redirects" (
	"from_fingerprint" text PRIMARY KEY NOT NULL,
	"to_fingerprint" text NOT NULL,
	"merged_by" uuid,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crash_group_redirects" ADD CONSTRAINT "crash_group_redirects_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crash_group_redirects_to_idx" ON "crash_group_redirects" USING btree ("to_fingerprint");--> statement-breakpoint
CREATE INDEX "crash_reports_kind_idx" ON "crash_reports" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_groups_kind_idx" ON "crash_groups" USING btree ("kind","last_seen","fingerprint");
