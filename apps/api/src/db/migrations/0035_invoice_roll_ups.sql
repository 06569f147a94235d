-- Invoice figures kept on write, in the transaction that changes the invoices, so the business
-- statistics add up a few rows per day instead of reading every invoice. Statement triggers with
-- transition tables: one upsert per day touched, whatever the number of rows (a bulk seed, a
-- payment). Days are UTC calendar days, as the reports' date ranges are (billing-sql.ts onDays).
CREATE TABLE "invoice_issue_day_totals" (
	"issue_day" date PRIMARY KEY NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"standing" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"awaiting" bigint DEFAULT 0 NOT NULL,
	"pending_validation" bigint DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"validated_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"outstanding_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_owing_due_day_totals" (
	"due_day" date PRIMARY KEY NOT NULL,
	"owing" bigint DEFAULT 0 NOT NULL,
	"stored_overdue" bigint DEFAULT 0 NOT NULL,
	"outstanding_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) the contribution of the rows of a transition table. The
-- "standing", "awaiting" and "outstanding" rules are billing-sql.ts's standingInvoice,
-- awaitingPayment and outstandingAmount.
CREATE FUNCTION "invoice_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        "validated_amount", "outstanding_amount")
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
        %1$s * coalesce(sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount", 0))
          FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')), 0)
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
        "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount"
    $sql$, sign, source);
    EXECUTE format($sql$
      INSERT INTO "invoice_owing_due_day_totals" AS t ("due_day", "owing", "stored_overdue",
        "outstanding_amount")
      SELECT ("due_date" AT TIME ZONE 'UTC')::date,
        %1$s * count(*),
        %1$s * count(*) FILTER (WHERE "payment_status" = 'overdue'),
        %1$s * sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount", 0))
      FROM %2$I
      WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
      GROUP BY 1
      ON CONFLICT ("due_day") DO UPDATE SET
        "owing" = t."owing" + excluded."owing",
        "stored_overdue" = t."stored_overdue" + excluded."stored_overdue",
        "outstanding_amount" = t."outstanding_amount" + excluded."outstanding_amount"
    $sql$, sign, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_roll_ups_insert" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_roll_ups_update" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_roll_ups_delete" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_roll_ups_change"();
--> statement-breakpoint
CREATE FUNCTION "invoice_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_issue_day_totals";
  DELETE FROM "invoice_owing_due_day_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_roll_ups_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_roll_ups_clear"();
--> statement-breakpoint
-- The invoices issued before the roll-ups existed.
INSERT INTO "invoice_issue_day_totals" ("issue_day", "invoices", "standing", "paid", "awaiting",
  "pending_validation", "total_amount", "tax_amount", "paid_amount", "validated_amount",
  "outstanding_amount")
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
  coalesce(sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount", 0))
    FILTER (WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')), 0)
FROM "invoices" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "invoice_owing_due_day_totals" ("due_day", "owing", "stored_overdue", "outstanding_amount")
SELECT ("due_date" AT TIME ZONE 'UTC')::date,
  count(*),
  count(*) FILTER (WHERE "payment_status" = 'overdue'),
  sum(greatest("total_amount" + "debited_amount" - "credited_amount" - "paid_amount", 0))
FROM "invoices"
WHERE NOT "is_voided" AND "payment_status" IN ('unpaid', 'pending', 'partial', 'overdue')
GROUP BY 1;
