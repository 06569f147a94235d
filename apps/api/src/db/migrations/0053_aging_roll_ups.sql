-- The aging from roll-ups kept on write (issue 28): per client and per due day, the standing
-- invoices awaiting payment that still owe more than 0 (billing-sql.ts's outstandingAmount), so a
-- report reads its four buckets from a row per due day and the clients owing most from an index.
CREATE TABLE "aging_due_day_totals" (
	"due_day" date PRIMARY KEY NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"outstanding_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_owing_totals" (
	"client_key" text PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"orphan_name" text,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"outstanding_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_owing_totals_outstanding_idx" ON "client_owing_totals" USING btree ("outstanding_amount" DESC NULLS LAST,"client_key") WHERE "client_owing_totals"."invoices" > 0;

--> statement-breakpoint
CREATE FUNCTION "invoice_aging_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
  sign integer;
BEGIN
  FOREACH source IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY['new_rows']
    WHEN 'DELETE' THEN ARRAY['old_rows']
    ELSE ARRAY['old_rows', 'new_rows'] END
  LOOP
    sign := CASE source WHEN 'old_rows' THEN -1 ELSE 1 END;
    EXECUTE format($sql$
      WITH owed AS (
        SELECT "client_id", "client_info"->>'companyName' AS printed_name, "due_date",
          greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0) AS outstanding
        FROM %2$I
        WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
      ), positive AS (SELECT * FROM owed WHERE outstanding > 0),
      by_client AS (
        INSERT INTO "client_owing_totals" AS t ("client_key", "client_id", "orphan_name", "invoices", "outstanding_amount")
        SELECT coalesce("client_id"::text, 'name:' || coalesce(printed_name, '')), "client_id",
          CASE WHEN "client_id" IS NULL THEN coalesce(printed_name, '') END,
          %1$s * count(*), %1$s * sum(outstanding)
        FROM positive GROUP BY 1, 2, 3
        ON CONFLICT ("client_key") DO UPDATE SET
          "invoices" = t."invoices" + excluded."invoices",
          "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount"
      )
      INSERT INTO "aging_due_day_totals" AS t ("due_day", "invoices", "outstanding_amount")
      SELECT ("due_date" AT TIME ZONE 'UTC')::date, %1$s * count(*), %1$s * sum(outstanding)
      FROM positive GROUP BY 1
      ON CONFLICT ("due_day") DO UPDATE SET
        "invoices" = t."invoices" + excluded."invoices",
        "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount"
    $sql$, sign, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_aging_roll_ups_insert" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_aging_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_aging_roll_ups_update" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_aging_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_aging_roll_ups_delete" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_aging_roll_ups_change"();
--> statement-breakpoint
CREATE FUNCTION "invoice_aging_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "client_owing_totals";
  DELETE FROM "aging_due_day_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_aging_roll_ups_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_aging_roll_ups_clear"();
--> statement-breakpoint
-- The owing invoices' amounts in the index the aging reads them by client (INCLUDE, which the
-- schema cannot express), so a page of clients is split into buckets index-only.
DROP INDEX "invoices_owing_idx";
--> statement-breakpoint
CREATE INDEX "invoices_owing_idx" ON "invoices" USING btree ("client_id","due_date")
  INCLUDE ("total_amount","debited_amount","credited_amount","paid_amount","refunded_amount")
  WHERE "invoices"."is_voided" = false and "invoices"."payment_status" in ('unpaid', 'pending', 'partial', 'overdue');
--> statement-breakpoint
-- The invoices recorded before.
INSERT INTO "client_owing_totals" ("client_key", "client_id", "orphan_name", "invoices", "outstanding_amount")
SELECT coalesce("client_id"::text, 'name:' || coalesce(printed_name, '')), "client_id",
  CASE WHEN "client_id" IS NULL THEN coalesce(printed_name, '') END, count(*), sum(outstanding)
FROM (
  SELECT "client_id", "client_info"->>'companyName' AS printed_name,
    greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0) AS outstanding
  FROM "invoices"
  WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
) owed
WHERE outstanding > 0 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "aging_due_day_totals" ("due_day", "invoices", "outstanding_amount")
SELECT ("due_date" AT TIME ZONE 'UTC')::date, count(*),
  sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0))
FROM "invoices"
WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
  AND "total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount" > 0
GROUP BY 1;
