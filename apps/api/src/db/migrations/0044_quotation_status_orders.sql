-- A quotations page filtered by status, in any of the list's orders, reads a range of one index
-- per stored status (the expired filter merges three: expired, and drafts and sent quotations
-- past their validity) instead of walking the whole sort key's index for its matches.
DROP INDEX "quotations_status_valid_until_idx";--> statement-breakpoint
CREATE INDEX "quotations_status_quotation_date_idx" ON "quotations" USING btree ("status","quotation_date","id");--> statement-breakpoint
CREATE INDEX "quotations_status_number_idx" ON "quotations" USING btree ("status","quotation_number","id");--> statement-breakpoint
CREATE INDEX "quotations_status_total_amount_idx" ON "quotations" USING btree ("status","total_amount","id");--> statement-breakpoint
CREATE INDEX "quotations_status_valid_until_idx" ON "quotations" USING btree ("status","valid_until","id");