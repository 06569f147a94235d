CREATE TABLE "release_session_hours" (
	"platform" text NOT NULL,
	"version_code" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"exited" integer DEFAULT 0 NOT NULL,
	"crashed" integer DEFAULT 0 NOT NULL,
	"abnormal" integer DEFAULT 0 NOT NULL,
	"anr" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_session_hours_platform_version_code_hour_pk" PRIMARY KEY("platform","version_code","hour")
);
--> statement-breakpoint
CREATE TABLE "release_daily_users" (
	"platform" text NOT NULL,
	"version_code" integer NOT NULL,
	"day" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"perceived_crash_users" integer DEFAULT 0 NOT NULL,
	"perceived_anr_users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_daily_users_platform_version_code_day_pk" PRIMARY KEY("platform","version_code","day")
);
--> statement-breakpoint
CREATE TABLE "release_devices" (
	"platform" text NOT NULL,
	"version_code" integer NOT NULL,
	"device_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_crash_at" timestamp with time zone,
	"last_perceived_crash_at" timestamp with time zone,
	"last_anr_at" timestamp with time zone,
	"session_id" text,
	"ended_session_id" text,
	CONSTRAINT "release_devices_platform_version_code_device_id_pk" PRIMARY KEY("platform","version_code","device_id")
);
--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_ladder" integer[] DEFAULT '{1,5,10,25,50,100}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rollout_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "ladder_min_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "ladder_min_sessions" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "halt_rule" text;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "health_vitals" jsonb;--> statement-breakpoint
ALTER TABLE "ota_versions" ADD COLUMN "rolled_forward_from" uuid;
