CREATE INDEX "quotations_total_amount_idx" ON "quotations" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "quotations_valid_until_idx" ON "quotations" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "invoices_total_amount_idx" ON "invoices" USING btree ("total_amount","id");--> statement-breakpoint
CREATE INDEX "receipts_total_amount_idx" ON "receipts" USING btree ("total_amount","id");