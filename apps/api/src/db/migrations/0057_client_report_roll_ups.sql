-- The reports' per-client figures kept on write (issue 28): the days each client on file was
-- invoiced (whether it was invoiced in a period and the one before is an overlap test per client)
-- and the invoiced totals per client and calendar month, quarter and year (the clients invoiced
-- most are the first entries of an index). Standing invoices only, days in UTC.
CREATE TABLE "client_invoice_days" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"days" datemultirange NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_period_totals" (
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"client_key" text NOT NULL,
	"client_id" uuid,
	"orphan_name" text,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"invoiced_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "client_period_totals_period_kind_period_start_client_key_pk" PRIMARY KEY("period_kind","period_start","client_key")
);
--> statement-breakpoint
CREATE INDEX "client_period_totals_invoiced_idx" ON "client_period_totals" USING btree ("period_kind","period_start","invoiced_amount" DESC NULLS LAST,"client_key") WHERE "client_period_totals"."invoices" > 0;
--> statement-breakpoint
CREATE FUNCTION "invoice_client_report_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
  sign integer;
  -- Of an update's rows, those whose client, printed name, issue date, standing or total changed
  -- ($1 in the statements below): only they move a figure, and a payment's update of its invoice
  -- ends here.
  changed uuid[];
  only_changed text := '';
  touched uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE $sql$
      SELECT array_agg(o."id") FROM old_rows o JOIN new_rows n USING ("id")
      WHERE (o."client_id", o."client_info"->>'companyName', o."issue_date", o."is_voided", o."total_amount")
        IS DISTINCT FROM (n."client_id", n."client_info"->>'companyName', n."issue_date", n."is_voided", n."total_amount")
    $sql$ INTO changed;
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    only_changed := 'AND r."id" = ANY($1)';
  END IF;
  FOREACH source IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY['new_rows']
    WHEN 'DELETE' THEN ARRAY['old_rows']
    ELSE ARRAY['old_rows', 'new_rows'] END
  LOOP
    sign := CASE source WHEN 'old_rows' THEN -1 ELSE 1 END;
    EXECUTE format($sql$
      INSERT INTO "client_period_totals" AS t
        ("period_kind", "period_start", "client_key", "client_id", "orphan_name", "invoices", "invoiced_amount")
      SELECT k.kind, date_trunc(k.kind, r.day::timestamp)::date, r.key, r."client_id", r.orphan_name,
        %1$s * count(*), %1$s * sum(r."total_amount")
      FROM (
        SELECT r."client_id", r."total_amount", (r."issue_date" AT TIME ZONE 'UTC')::date AS day,
          coalesce(r."client_id"::text, 'name:' || coalesce(r."client_info"->>'companyName', '')) AS key,
          CASE WHEN r."client_id" IS NULL THEN coalesce(r."client_info"->>'companyName', '') END AS orphan_name
        FROM %2$I r WHERE NOT r."is_voided" %3$s
      ) r CROSS JOIN (VALUES ('month'), ('quarter'), ('year')) AS k(kind)
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT ("period_kind", "period_start", "client_key") DO UPDATE SET
        "invoices" = t."invoices" + excluded."invoices",
        "invoiced_amount" = t."invoiced_amount" + excluded."invoiced_amount"
    $sql$, sign, source, only_changed) USING changed;
  END LOOP;

  IF TG_OP = 'INSERT' THEN
    -- New days join a client's set; nothing is read again.
    EXECUTE $sql$
      INSERT INTO "client_invoice_days" AS t ("client_id", "days")
      SELECT "client_id", range_agg(daterange(day, day, '[]'))
      FROM (SELECT "client_id", ("issue_date" AT TIME ZONE 'UTC')::date AS day FROM new_rows
        WHERE NOT "is_voided" AND "client_id" IS NOT NULL) r
      GROUP BY 1
      ON CONFLICT ("client_id") DO UPDATE SET "days" = t."days" + excluded."days"
    $sql$;
    RETURN NULL;
  END IF;

  -- A day an invoice left may still hold another of the client's invoices, so the touched clients'
  -- days are read again from the invoices. Their rows are locked first (created where missing, in
  -- the ids' order), so the reading, a statement later and so a new snapshot, sees whatever a
  -- concurrent writer of the same clients committed.
  EXECUTE format($sql$
    SELECT array_agg(DISTINCT "client_id" ORDER BY "client_id") FROM (
      SELECT r."client_id" FROM old_rows r WHERE r."client_id" IS NOT NULL %1$s
      %2$s
    ) touched
  $sql$, only_changed, CASE WHEN TG_OP = 'UPDATE'
    THEN format('UNION SELECT r."client_id" FROM new_rows r WHERE r."client_id" IS NOT NULL %s', only_changed)
    ELSE '' END)
  INTO touched USING changed;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "client_invoice_days" AS t ("client_id", "days")
  SELECT unnest(touched), '{}'::datemultirange
  ON CONFLICT ("client_id") DO UPDATE SET "days" = t."days";
  WITH fresh AS (
    SELECT "client_id", range_agg(daterange(day, day, '[]')) AS days
    FROM (SELECT "client_id", ("issue_date" AT TIME ZONE 'UTC')::date AS day FROM "invoices"
      WHERE "client_id" = ANY(touched) AND NOT "is_voided") i
    GROUP BY 1
  ), emptied AS (
    DELETE FROM "client_invoice_days" c
    WHERE c."client_id" = ANY(touched) AND c."client_id" NOT IN (SELECT "client_id" FROM fresh)
  )
  UPDATE "client_invoice_days" c SET "days" = fresh.days FROM fresh WHERE c."client_id" = fresh."client_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_client_report_roll_ups_insert" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_client_report_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_client_report_roll_ups_update" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_client_report_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_client_report_roll_ups_delete" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_client_report_roll_ups_change"();
--> statement-breakpoint
CREATE FUNCTION "invoice_client_report_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "client_invoice_days";
  DELETE FROM "client_period_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_client_report_roll_ups_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_client_report_roll_ups_clear"();
--> statement-breakpoint
-- The invoices recorded before.
INSERT INTO "client_invoice_days" ("client_id", "days")
SELECT "client_id", range_agg(daterange(day, day, '[]'))
FROM (SELECT "client_id", ("issue_date" AT TIME ZONE 'UTC')::date AS day FROM "invoices"
  WHERE NOT "is_voided" AND "client_id" IS NOT NULL) i
GROUP BY 1;
--> statement-breakpoint
INSERT INTO "client_period_totals"
  ("period_kind", "period_start", "client_key", "client_id", "orphan_name", "invoices", "invoiced_amount")
SELECT k.kind, date_trunc(k.kind, i.day::timestamp)::date, i.key, i."client_id", i.orphan_name, count(*), sum(i."total_amount")
FROM (
  SELECT "client_id", "total_amount", ("issue_date" AT TIME ZONE 'UTC')::date AS day,
    coalesce("client_id"::text, 'name:' || coalesce("client_info"->>'companyName', '')) AS key,
    CASE WHEN "client_id" IS NULL THEN coalesce("client_info"->>'companyName', '') END AS orphan_name
  FROM "invoices" WHERE NOT "is_voided"
) i CROSS JOIN (VALUES ('month'), ('quarter'), ('year')) AS k(kind)
GROUP BY 1, 2, 3, 4, 5;
