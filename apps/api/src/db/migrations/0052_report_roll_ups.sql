-- The reports from roll-ups kept on write (issue 28): the days to send and to pay per issue day,
-- the overdue counts per issue and due day, the validated payments per day and method; and the
-- per-client figures read index-only (invoices_standing_issue_date_idx carries client_id and
-- total_amount: INCLUDE, which the schema cannot express).
CREATE TABLE "invoice_owing_issue_due_counts" (
	"issue_day" date NOT NULL,
	"due_day" date NOT NULL,
	"owing" bigint DEFAULT 0 NOT NULL,
	"stored_overdue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_owing_issue_due_counts_issue_day_due_day_pk" PRIMARY KEY("issue_day","due_day")
);
--> statement-breakpoint
CREATE TABLE "payment_day_totals" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_day_totals_day_payment_method_pk" PRIMARY KEY("day","payment_method")
);
--> statement-breakpoint
ALTER TABLE "invoice_issue_day_totals" ADD COLUMN "sent" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_issue_day_totals" ADD COLUMN "send_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_issue_day_totals" ADD COLUMN "collected_in_full" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_issue_day_totals" ADD COLUMN "pay_seconds" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_validated_payment_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_standing_issue_date_idx" ON "invoices" USING btree ("issue_date") INCLUDE ("client_id","total_amount") WHERE "invoices"."is_voided" = false;--> statement-breakpoint
CREATE INDEX "invoices_orphan_issue_date_idx" ON "invoices" USING btree ("issue_date") WHERE "invoices"."client_id" is null;
--> statement-breakpoint
-- Each invoice's latest validated payment date, kept by statement triggers on payment_entries in
-- the writing transaction (whatever path records or validates a payment), with the validated
-- payments per day and method. The invoices' own triggers (below) roll the date up. The date is
-- found with one join over the touched invoices' payments, not a lookup per invoice: a bulk insert
-- (the scale seed's, with the payments' indexes dropped while it fills) hashes once instead of
-- scanning every payment per invoice.
CREATE FUNCTION "payment_entries_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO "payment_day_totals" AS t ("day", "payment_method", "amount")
      SELECT ("payment_date" AT TIME ZONE 'UTC')::date, "payment_method", %1$s * sum("amount")
      FROM %2$I WHERE "status" = 'validated' GROUP BY 1, 2
      ON CONFLICT ("day", "payment_method") DO UPDATE SET "amount" = t."amount" + excluded."amount"
    $sql$, sign, source);
    EXECUTE format($sql$
      UPDATE "invoices" i SET "last_validated_payment_at" = latest.at
      FROM (
        SELECT touched.invoice_id, max(p."payment_date") AS at
        FROM (SELECT DISTINCT "invoice_id" FROM %1$I) touched
        LEFT JOIN "payment_entries" p ON p."invoice_id" = touched.invoice_id AND p."status" = 'validated'
        GROUP BY touched.invoice_id
      ) latest
      WHERE i."id" = latest.invoice_id AND i."last_validated_payment_at" IS DISTINCT FROM latest.at
    $sql$, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_entries_roll_ups_insert" AFTER INSERT ON "payment_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_entries_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "payment_entries_roll_ups_update" AFTER UPDATE ON "payment_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_entries_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "payment_entries_roll_ups_delete" AFTER DELETE ON "payment_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "payment_entries_roll_ups_change"();
--> statement-breakpoint
CREATE FUNCTION "payment_entries_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_day_totals";
  UPDATE "invoices" SET "last_validated_payment_at" = NULL WHERE "last_validated_payment_at" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_entries_roll_ups_truncate" AFTER TRUNCATE ON "payment_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_entries_roll_ups_clear"();
--> statement-breakpoint
-- The invoice roll-ups of 0035, now with the days to send and to pay, the overdue counts by issue
-- day, and the outstanding amount as billing-sql.ts's outstandingAmount states it since the
-- refund notes (0042): what was paid and refunded is owed again.
CREATE OR REPLACE FUNCTION "invoice_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO "invoice_issue_day_totals" AS t ("issue_day", "invoices", "standing", "paid",
        "awaiting", "pending_validation", "total_amount", "tax_amount", "paid_amount",
        "validated_amount", "outstanding_amount", "sent", "send_seconds", "collected_in_full",
        "pay_seconds")
      SELECT ("issue_date" AT TIME ZONE 'UTC')::date,
        %1$s * count(*),
        %1$s * count(*) FILTER (WHERE NOT "is_voided"),
        %1$s * count(*) FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('paid', 'overpaid')),
        %1$s * count(*) FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')),
        %1$s * count(*) FILTER (WHERE NOT "is_voided" AND "payment_validation_status" = 'pending_validation'),
        %1$s * coalesce(sum("total_amount") FILTER (WHERE NOT "is_voided"), 0),
        %1$s * coalesce(sum("tax_amount") FILTER (WHERE NOT "is_voided"), 0),
        %1$s * coalesce(sum("paid_amount") FILTER (WHERE NOT "is_voided"), 0),
        %1$s * coalesce(sum("validated_amount") FILTER (WHERE NOT "is_voided"), 0),
        %1$s * coalesce(sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0))
          FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')), 0),
        %1$s * count(*) FILTER (WHERE NOT "is_voided" AND "sent_at" IS NOT NULL),
        %1$s * coalesce(sum(extract(epoch FROM "sent_at" - "issue_date"))
          FILTER (WHERE NOT "is_voided" AND "sent_at" IS NOT NULL), 0),
        %1$s * count(*) FILTER (WHERE NOT "is_voided" AND "total_amount" > 0
          AND "validated_amount" >= "total_amount" AND "last_validated_payment_at" IS NOT NULL),
        %1$s * coalesce(sum(greatest(extract(epoch FROM "last_validated_payment_at" - "issue_date"), 0))
          FILTER (WHERE NOT "is_voided" AND "total_amount" > 0
            AND "validated_amount" >= "total_amount" AND "last_validated_payment_at" IS NOT NULL), 0)
      FROM %2$I GROUP BY 1
      ON CONFLICT ("issue_day") DO UPDATE SET
        "invoices" = t."invoices" + excluded."invoices",
        "standing" = t."standing" + excluded."standing",
        "paid" = t."paid" + excluded."paid",
        "awaiting" = t."awaiting" + excluded."awaiting",
        "pending_validation" = t."pending_validation" + excluded."pending_validation",
        "total_amount" = t."total_amount" + excluded."total_amount",
        "tax_amount" = t."tax_amount" + excluded."tax_amount",
        "paid_amount" = t."paid_amount" + excluded."paid_amount",
        "validated_amount" = t."validated_amount" + excluded."validated_amount",
        "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount",
        "sent" = t."sent" + excluded."sent",
        "send_seconds" = t."send_seconds" + excluded."send_seconds",
        "collected_in_full" = t."collected_in_full" + excluded."collected_in_full",
        "pay_seconds" = t."pay_seconds" + excluded."pay_seconds"
    $sql$, sign, source);
    EXECUTE format($sql$
      INSERT INTO "invoice_owing_due_day_totals" AS t ("due_day", "owing", "stored_overdue",
        "outstanding_amount")
      SELECT ("due_date" AT TIME ZONE 'UTC')::date,
        %1$s * count(*),
        %1$s * count(*) FILTER (WHERE "payment_status" = 'overdue'),
        %1$s * sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0))
      FROM %2$I
      WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
      GROUP BY 1
      ON CONFLICT ("due_day") DO UPDATE SET
        "owing" = t."owing" + excluded."owing",
        "stored_overdue" = t."stored_overdue" + excluded."stored_overdue",
        "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount"
    $sql$, sign, source);
    EXECUTE format($sql$
      INSERT INTO "invoice_owing_issue_due_counts" AS t ("issue_day", "due_day", "owing", "stored_overdue")
      SELECT ("issue_date" AT TIME ZONE 'UTC')::date, ("due_date" AT TIME ZONE 'UTC')::date,
        %1$s * count(*),
        %1$s * count(*) FILTER (WHERE "payment_status" = 'overdue')
      FROM %2$I
      WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
      GROUP BY 1, 2
      ON CONFLICT ("issue_day", "due_day") DO UPDATE SET
        "owing" = t."owing" + excluded."owing",
        "stored_overdue" = t."stored_overdue" + excluded."stored_overdue"
    $sql$, sign, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_issue_day_totals";
  DELETE FROM "invoice_owing_due_day_totals";
  DELETE FROM "invoice_owing_issue_due_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The payments and invoices recorded before: the validated payments per day, each invoice's date
-- (with the invoices' triggers off, as no figure they keep read it before), then every invoice
-- roll-up computed again from the rows.
INSERT INTO "payment_day_totals" ("day", "payment_method", "amount")
SELECT ("payment_date" AT TIME ZONE 'UTC')::date, "payment_method", sum("amount")
FROM "payment_entries" WHERE "status" = 'validated' GROUP BY 1, 2;
--> statement-breakpoint
ALTER TABLE "invoices" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "invoices" i SET "last_validated_payment_at" = latest.at
FROM (SELECT "invoice_id", max("payment_date") AS at FROM "payment_entries"
  WHERE "status" = 'validated' GROUP BY 1) latest
WHERE i."id" = latest.invoice_id;
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER USER;
--> statement-breakpoint
DELETE FROM "invoice_issue_day_totals";
--> statement-breakpoint
DELETE FROM "invoice_owing_due_day_totals";
--> statement-breakpoint
INSERT INTO "invoice_issue_day_totals" ("issue_day", "invoices", "standing", "paid", "awaiting",
  "pending_validation", "total_amount", "tax_amount", "paid_amount", "validated_amount",
  "outstanding_amount", "sent", "send_seconds", "collected_in_full", "pay_seconds")
SELECT ("issue_date" AT TIME ZONE 'UTC')::date,
  count(*),
  count(*) FILTER (WHERE NOT "is_voided"),
  count(*) FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('paid', 'overpaid')),
  count(*) FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')),
  count(*) FILTER (WHERE NOT "is_voided" AND "payment_validation_status" = 'pending_validation'),
  coalesce(sum("total_amount") FILTER (WHERE NOT "is_voided"), 0),
  coalesce(sum("tax_amount") FILTER (WHERE NOT "is_voided"), 0),
  coalesce(sum("paid_amount") FILTER (WHERE NOT "is_voided"), 0),
  coalesce(sum("validated_amount") FILTER (WHERE NOT "is_voided"), 0),
  coalesce(sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0))
    FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')), 0),
  count(*) FILTER (WHERE NOT "is_voided" AND "sent_at" IS NOT NULL),
  coalesce(sum(extract(epoch FROM "sent_at" - "issue_date")) FILTER (WHERE NOT "is_voided" AND "sent_at" IS NOT NULL), 0),
  count(*) FILTER (WHERE NOT "is_voided" AND "total_amount" > 0
    AND "validated_amount" >= "total_amount" AND "last_validated_payment_at" IS NOT NULL),
  coalesce(sum(greatest(extract(epoch FROM "last_validated_payment_at" - "issue_date"), 0))
    FILTER (WHERE NOT "is_voided" AND "total_amount" > 0
      AND "validated_amount" >= "total_amount" AND "last_validated_payment_at" IS NOT NULL), 0)
FROM "invoices" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "invoice_owing_due_day_totals" ("due_day", "owing", "stored_overdue", "outstanding_amount")
SELECT ("due_date" AT TIME ZONE 'UTC')::date,
  count(*),
  count(*) FILTER (WHERE "payment_status" = 'overdue'),
  sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount" + "refunded_amount", 0))
FROM "invoices"
WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
GROUP BY 1;
--> statement-breakpoint
INSERT INTO "invoice_owing_issue_due_counts" ("issue_day", "due_day", "owing", "stored_overdue")
SELECT ("issue_date" AT TIME ZONE 'UTC')::date, ("due_date" AT TIME ZONE 'UTC')::date,
  count(*), count(*) FILTER (WHERE "payment_status" = 'overdue')
FROM "invoices"
WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
GROUP BY 1, 2;
