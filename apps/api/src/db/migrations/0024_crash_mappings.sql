CREATE TABLE "crash_mappings" (
	"ota_version_id" uuid PRIMARY KEY NOT NULL,
	"app_version" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"checksum" text NOT NULL,
	"class_count" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" uuid,
	"cursor_created_at" timestamp with time zone,
	"cursor_id" uuid,
	"retraced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crash_reports" ADD COLUMN "readable_stack_trace" text;--> statement-breakpoint
ALTER TABLE "crash_mappings" ADD CONSTRAINT "crash_mappings_ota_version_id_ota_versions_id_fk" FOREIGN KEY ("ota_version_id") REFERENCES "public"."ota_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_mappings" ADD CONSTRAINT "crash_mappings_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_mappings_app_version_unique" ON "crash_mappings" USING btree ("app_version");
