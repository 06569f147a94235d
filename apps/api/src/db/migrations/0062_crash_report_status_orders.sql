-- A status's crash reports by title or by severity (issue 28): the page walked the title or rank
-- index past every newer report of the other statuses (the day's new reports first: 25-72 ms one
-- at a time at 10x after a day's 55,856 reports); each is now one range.
CREATE INDEX "crash_reports_status_title_idx" ON "crash_reports" USING btree ("status",lower("title"),"created_at","id");--> statement-breakpoint
CREATE INDEX "crash_reports_status_severity_idx" ON "crash_reports" USING btree ("status","severity_rank","created_at","id");