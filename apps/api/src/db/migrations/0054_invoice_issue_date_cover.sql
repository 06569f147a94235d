-- The invoices list's date ranges (issue 28): invoices_issue_date_idx carries the id and every
-- sort key of the list (INCLUDE, which the schema cannot express), so a range's matches are read
-- filter-first index-only and sorted, however many fall in it.
DROP INDEX "invoices_issue_date_idx";
--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date")
  INCLUDE ("id", "created_at", "due_date", "invoice_number", "total_amount");
