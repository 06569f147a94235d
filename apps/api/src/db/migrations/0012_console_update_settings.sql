CREATE TABLE "console_update_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"channel" text DEFAULT 'stable' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "console_update_settings_single_row" CHECK ("console_update_settings"."id" = 1),
	CONSTRAINT "console_update_settings_channel" CHECK ("console_update_settings"."channel" in ('stable', 'beta'))
);
--> statement-breakpoint
ALTER TABLE "console_update_settings" ADD CONSTRAINT "console_update_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;