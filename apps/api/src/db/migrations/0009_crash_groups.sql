CREATE TABLE "crash_group_devices" (
	"fingerprint" text NOT NULL,
	"device_id" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "crash_group_devices_fingerprint_device_id_pk" PRIMARY KEY("fingerprint","device_id")
);
--> statement-breakpoint
CREATE TABLE "crash_group_versions" (
	"fingerprint" text NOT NULL,
	"app_version" text NOT NULL,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "crash_group_versions_fingerprint_app_version_pk" PRIMARY KEY("fingerprint","app_version")
);
--> statement-breakpoint
CREATE TABLE "crash_groups" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"exception_type" text,
	"culprit" text,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_type" text NOT NULL,
	"severity" text NOT NULL,
	"severity_rank" integer NOT NULL,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"last_report_id" uuid NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(exception_type, '') || ' ' || coalesce(culprit, ''))) STORED
);
--> statement-breakpoint
DROP INDEX "crash_reports_created_at_idx";--> statement-breakpoint
DROP INDEX "crash_reports_status_idx";--> statement-breakpoint
DROP INDEX "crash_reports_severity_idx";--> statement-breakpoint
DROP INDEX "crash_reports_company_id_idx";--> statement-breakpoint
DROP INDEX "crash_reports_platform_idx";--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "severity_rank" integer GENERATED ALWAYS AS ((case severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end)) STORED;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "status_rank" integer GENERATED ALWAYS AS ((case status when 'new' then 1 when 'investigating' then 2 when 'in-progress' then 3 when 'resolved' then 4 when 'closed' then 5 when 'duplicate' then 6 else 0 end)) STORED;--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(left(error_message, 500), '') || ' ' || coalesce(left(description, 500), '') || ' ' || coalesce(user_email, '') || ' ' || coalesce(company_id, '') || ' ' || coalesce(user_id, '') || ' ' || coalesce(device_id, ''))) STORED;--> statement-breakpoint
ALTER TABLE "crash_group_devices" ADD CONSTRAINT "crash_group_devices_fingerprint_crash_groups_fingerprint_fk" FOREIGN KEY ("fingerprint") REFERENCES "public"."crash_groups"("fingerprint") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_group_versions" ADD CONSTRAINT "crash_group_versions_fingerprint_crash_groups_fingerprint_fk" FOREIGN KEY ("fingerprint") REFERENCES "public"."crash_groups"("fingerprint") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crash_group_versions_app_version_idx" ON "crash_group_versions" USING btree ("app_version","fingerprint");--> statement-breakpoint
CREATE INDEX "crash_groups_last_seen_idx" ON "crash_groups" USING btree ("last_seen","fingerprint");--> statement-breakpoint
CREATE INDEX "crash_groups_first_seen_idx" ON "crash_groups" USING btree ("first_seen","fingerprint");--> statement-breakpoint
CREATE INDEX "crash_groups_occurrences_idx" ON "crash_groups" USING btree ("occurrences","fingerprint");--> statement-breakpoint
CREATE INDEX "crash_groups_devices_idx" ON "crash_groups" USING btree ("devices","fingerprint");--> statement-breakpoint
CREATE INDEX "crash_groups_search_trgm_idx" ON "crash_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crash_reports_app_version_idx" ON "crash_reports" USING btree ("app_version","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_report_type_idx" ON "crash_reports" USING btree ("report_type","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_fingerprint_idx" ON "crash_reports" USING btree ("fingerprint","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_severity_rank_idx" ON "crash_reports" USING btree ("severity_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_status_rank_idx" ON "crash_reports" USING btree ("status_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_title_lower_idx" ON "crash_reports" USING btree (lower("title"),"created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_search_trgm_idx" ON "crash_reports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crash_reports_created_at_idx" ON "crash_reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_status_idx" ON "crash_reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_severity_idx" ON "crash_reports" USING btree ("severity","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_company_id_idx" ON "crash_reports" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_platform_idx" ON "crash_reports" USING btree ("platform","created_at","id");