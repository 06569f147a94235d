CREATE INDEX "quotations_search_text_idx" ON "quotations" USING btree ("search_text");--> statement-breakpoint
CREATE INDEX "invoices_search_text_idx" ON "invoices" USING btree ("search_text");--> statement-breakpoint
CREATE INDEX "invoices_awaiting_due_date_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."is_voided" = false and "invoices"."payment_status" in ('unpaid', 'pending', 'partial');--> statement-breakpoint
CREATE INDEX "crash_reports_app_version_status_idx" ON "crash_reports" USING btree ("app_version","status","created_at","id");