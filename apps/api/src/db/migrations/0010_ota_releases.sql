CREATE TABLE "device_app_versions" (
	"device_id" text PRIMARY KEY NOT NULL,
	"platform" text DEFAULT 'android' NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "version_code" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "package_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_pause_reason" text;--> statement-breakpoint
CREATE INDEX "device_app_versions_code_idx" ON "device_app_versions" USING btree ("platform","version_code","reported_at");--> statement-breakpoint
CREATE INDEX "ota_versions_platform_code_idx" ON "ota_versions" USING btree ("platform","version_code");--> statement-breakpoint
ALTER TABLE "ota_versions" DROP COLUMN "build_number";--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "health_devices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "health_crashed_devices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "health_checked_at" timestamp with time zone;