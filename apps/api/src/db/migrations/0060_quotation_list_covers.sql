-- The quotations list's status filters and date order (issue 28). The still-valid drafts or sent
-- quotations are a range of quotations_status_valid_until_idx, which now carries every sort key
-- of the list (INCLUDE, which the schema cannot express), so such a page is read filter-first and
-- index-only: walking the status's index in the list's order passed every lapsed quotation first.
-- The date index gains the id, so the sort by date does not sort a day's quotations.
DROP INDEX "quotations_status_valid_until_idx";--> statement-breakpoint
CREATE INDEX "quotations_status_valid_until_idx" ON "quotations" USING btree ("status","valid_until","id")
  INCLUDE ("created_at", "quotation_date", "quotation_number", "total_amount");--> statement-breakpoint
DROP INDEX "quotations_quotation_date_idx";--> statement-breakpoint
CREATE INDEX "quotations_quotation_date_idx" ON "quotations" USING btree ("quotation_date","id");
