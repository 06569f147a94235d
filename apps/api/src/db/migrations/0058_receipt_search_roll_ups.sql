-- A receipts search's figures kept on write (issue 28): the receipts' count and amount per
-- printed client name, and their count per payment month and name, so a searched tab adds up the
-- names that match instead of every matching receipt. The search matches the name and the rest
-- of a receipt's text (number, reference, invoices) each with its own trigram index.
CREATE TABLE "receipt_client_name_month_totals" (
	"month" date NOT NULL,
	"client_name" text NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_client_name_month_totals_month_client_name_pk" PRIMARY KEY("month","client_name")
);
--> statement-breakpoint
CREATE TABLE "receipt_client_name_totals" (
	"client_name" text PRIMARY KEY NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
DROP INDEX "receipts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "receipts_payment_date_idx";--> statement-breakpoint
DROP INDEX "receipts_payment_method_idx";--> statement-breakpoint
CREATE INDEX "receipts_client_name_trgm_idx" ON "receipts" USING gin (lower(coalesce("client_info"->>'companyName', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "receipts_own_text_trgm_idx" ON "receipts" USING gin (lower("receipt_number" || ' ' || coalesce("reference_number", '') || ' ' || "invoice_numbers"::text) gin_trgm_ops);--> statement-breakpoint
-- The list's sort by payment date walks this without sorting a day's receipts; it carries the
-- other sort keys and the method (INCLUDE, which the schema cannot express), so a date range's
-- page is read from it alone, filter-first and index-only, however many receipts fall in it.
CREATE INDEX "receipts_payment_date_idx" ON "receipts" USING btree ("payment_date","id")
  INCLUDE ("created_at", "receipt_number", "total_amount", "payment_method");--> statement-breakpoint
CREATE INDEX "receipts_payment_method_idx" ON "receipts" USING btree ("payment_method","total_amount","id");--> statement-breakpoint
ALTER TABLE "receipts" DROP COLUMN "search_text";--> statement-breakpoint
CREATE FUNCTION "receipts_client_name_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "receipt_client_name_totals" AS t ("client_name", "receipts", "total_amount")
    SELECT lower(coalesce("client_info"->>'companyName', '')), -count(*), -sum("total_amount")
    FROM old_rows GROUP BY 1
    ON CONFLICT ("client_name") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
    INSERT INTO "receipt_client_name_month_totals" AS t ("month", "client_name", "receipts")
    SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date,
      lower(coalesce("client_info"->>'companyName', '')), -count(*)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("month", "client_name") DO UPDATE SET "receipts" = t."receipts" + excluded."receipts";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "receipt_client_name_totals" AS t ("client_name", "receipts", "total_amount")
    SELECT lower(coalesce("client_info"->>'companyName', '')), count(*), sum("total_amount")
    FROM new_rows GROUP BY 1
    ON CONFLICT ("client_name") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
    INSERT INTO "receipt_client_name_month_totals" AS t ("month", "client_name", "receipts")
    SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date,
      lower(coalesce("client_info"->>'companyName', '')), count(*)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("month", "client_name") DO UPDATE SET "receipts" = t."receipts" + excluded."receipts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_client_name_totals_insert" AFTER INSERT ON "receipts"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_client_name_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_client_name_totals_update" AFTER UPDATE ON "receipts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_client_name_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_client_name_totals_delete" AFTER DELETE ON "receipts"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_client_name_totals_change"();
--> statement-breakpoint
CREATE FUNCTION "receipts_client_name_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "receipt_client_name_totals";
  DELETE FROM "receipt_client_name_month_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_client_name_totals_truncate" AFTER TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_client_name_totals_clear"();
--> statement-breakpoint
-- Receipts issued before the roll-ups existed. The month rows are written in month order here
-- and in the triggers, so a month's rows share pages and "this month" reads a few.
INSERT INTO "receipt_client_name_totals" ("client_name", "receipts", "total_amount")
SELECT lower(coalesce("client_info"->>'companyName', '')), count(*), sum("total_amount")
FROM "receipts" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "receipt_client_name_month_totals" ("month", "client_name", "receipts")
SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date,
  lower(coalesce("client_info"->>'companyName', '')), count(*)
FROM "receipts" GROUP BY 1, 2 ORDER BY 1, 2;
--> statement-breakpoint
-- Their statistics now, so a search's first figures read this month's names by the month's key
-- range, not the whole table, before autovacuum has looked at them.
ANALYZE "receipt_client_name_totals", "receipt_client_name_month_totals";
