CREATE TABLE "idempotent_requests" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" smallint,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DROP INDEX "quotations_status_idx";--> statement-breakpoint
DROP INDEX "quotations_client_id_idx";--> statement-breakpoint
DROP INDEX "quotations_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_client_id_idx";--> statement-breakpoint
DROP INDEX "receipts_created_at_idx";--> statement-breakpoint
DROP INDEX "receipts_client_id_idx";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(quotation_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', '') || ' ' || coalesce(invoice_number, ''))) STORED;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(invoice_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(client_info->>'contactPerson', ''))) STORED;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "audit_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(receipt_number || ' ' || coalesce(client_info->>'companyName', '') || ' ' || coalesce(reference_number, '') || ' ' || invoice_numbers::text)) STORED;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_at_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_search_trgm_idx" ON "quotations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_search_trgm_idx" ON "receipts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_status_idx" ON "quotations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_client_id_idx" ON "quotations" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "quotations_created_at_idx" ON "quotations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_client_id_idx" ON "invoices" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_created_at_idx" ON "receipts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "receipts_client_id_idx" ON "receipts" USING btree ("client_id","created_at");