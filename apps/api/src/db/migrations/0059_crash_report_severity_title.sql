-- A severity's crash reports by title (issue 28): titles follow severity, so the page walked the
-- title index past every other severity's reports (450-600 ms at 10x); this is one range.
CREATE INDEX "crash_reports_severity_title_idx" ON "crash_reports" USING btree ("severity",lower("title"),"created_at","id");