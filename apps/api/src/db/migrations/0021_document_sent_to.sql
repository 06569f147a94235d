ALTER TABLE "invoices" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "sent_to" text;
