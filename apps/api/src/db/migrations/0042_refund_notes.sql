ALTER TABLE "invoices" ADD COLUMN "refunded_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD COLUMN "refund_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_notes" ADD COLUMN "refund_reference" text;
