ALTER TABLE "licences" ADD COLUMN "activation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "last_activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "last_device_id" text;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "transfer_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "transfers_in_window" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "licences" SET "last_device_id" = "device_id" WHERE "bound";
