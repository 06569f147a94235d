ALTER TABLE "licences" ADD COLUMN "paid_by_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "paid_by_line_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "licence_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_paid_by_invoice_id_invoices_id_fk" FOREIGN KEY ("paid_by_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_paid_by_line_id_invoice_line_items_id_fk" FOREIGN KEY ("paid_by_line_id") REFERENCES "public"."invoice_line_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licences_paid_by_invoice_id_idx" ON "licences" USING btree ("paid_by_invoice_id") WHERE "licences"."paid_by_invoice_id" is not null;