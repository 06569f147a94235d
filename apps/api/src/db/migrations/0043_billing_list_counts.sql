CREATE TABLE "receipt_day_totals" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"receipts" bigint DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "receipt_day_totals_day_payment_method_pk" PRIMARY KEY("day","payment_method")
);
--> statement-breakpoint
CREATE INDEX "quotations_status_valid_until_idx" ON "quotations" USING btree ("status","valid_until");--> statement-breakpoint
-- The receipts tab's figures per payment day and method, kept like receipt_month_totals (0014) by
-- per-statement triggers with transition tables: the tab filtered by method or date range adds a
-- row per day (a few hundred for a year) instead of every matching receipt.
CREATE FUNCTION "receipts_day_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO "receipt_day_totals" AS t ("day", "payment_method", "receipts", "total_amount")
    SELECT ("payment_date" AT TIME ZONE 'UTC')::date, "payment_method", -count(*), -sum("total_amount")
    FROM old_rows GROUP BY 1, 2
    ON CONFLICT ("day", "payment_method") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "receipt_day_totals" AS t ("day", "payment_method", "receipts", "total_amount")
    SELECT ("payment_date" AT TIME ZONE 'UTC')::date, "payment_method", count(*), sum("total_amount")
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT ("day", "payment_method") DO UPDATE SET
      "receipts" = t."receipts" + excluded."receipts",
      "total_amount" = t."total_amount" + excluded."total_amount";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_day_totals_insert" AFTER INSERT ON "receipts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "receipts_day_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_day_totals_update" AFTER UPDATE ON "receipts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_day_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_day_totals_delete" AFTER DELETE ON "receipts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "receipts_day_totals_change"();
--> statement-breakpoint
CREATE FUNCTION "receipts_day_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "receipt_day_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_day_totals_truncate" AFTER TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_day_totals_clear"();
--> statement-breakpoint
-- Receipts issued before the counters existed.
INSERT INTO "receipt_day_totals" ("day", "payment_method", "receipts", "total_amount")
SELECT ("payment_date" AT TIME ZONE 'UTC')::date, "payment_method", count(*), sum("total_amount")
FROM "receipts" GROUP BY 1, 2;
