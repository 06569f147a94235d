CREATE TABLE "receipt_month_totals" (
	"month" date PRIMARY KEY NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoices_owing_created_at_idx" ON "invoices" USING btree ("created_at","id","due_date") WHERE "invoices"."is_voided" = false and "invoices"."payment_status" in ('unpaid', 'pending', 'partial', 'overdue');--> statement-breakpoint
-- The receipts tab's figures per payment month, kept by triggers on receipts: per statement with
-- transition tables (one upsert per month touched, whatever the number of rows), so the unfiltered
-- tab adds a few rows instead of every receipt. A payment date is stored as the UTC midnight that
-- starts its calendar day, so its month is the UTC month.
CREATE FUNCTION "receipts_month_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "receipt_month_totals" AS t ("month", "receipts", "total_amount")
    SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date, -count(*), -sum("total_amount")
    FROM old_rows GROUP BY 1
    ON CONFLICT ("month") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "receipt_month_totals" AS t ("month", "receipts", "total_amount")
    SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date, count(*), sum("total_amount")
    FROM new_rows GROUP BY 1
    ON CONFLICT ("month") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_month_totals_insert" AFTER INSERT ON "receipts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receipts_month_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_month_totals_update" AFTER UPDATE ON "receipts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_month_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_month_totals_delete" AFTER DELETE ON "receipts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "receipts_month_totals_change"();
--> statement-breakpoint
CREATE FUNCTION "receipts_month_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "receipt_month_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_month_totals_truncate" AFTER TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_month_totals_clear"();
--> statement-breakpoint
-- Receipts issued before the counters existed.
INSERT INTO "receipt_month_totals" ("month", "receipts", "total_amount")
SELECT date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date, count(*), sum("total_amount")
FROM "receipts" GROUP BY 1;
