-- Quotation figures kept on write, as the invoices' (migration 0035): per quotation day (UTC) the
-- count, value and stored statuses, and the drafts and sent quotations per last valid day, since
-- whether one reads as expired depends on the day it is read.
CREATE TABLE "quotation_day_totals" (
	"quotation_day" date PRIMARY KEY NOT NULL,
	"quotations" bigint DEFAULT 0 NOT NULL,
	"accepted" bigint DEFAULT 0 NOT NULL,
	"expired" bigint DEFAULT 0 NOT NULL,
	"converted" bigint DEFAULT 0 NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_open_valid_day_totals" (
	"valid_day" date NOT NULL,
	"status" text NOT NULL,
	"quotations" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quotation_open_valid_day_totals_valid_day_status_pk" PRIMARY KEY("valid_day","status")
);
--> statement-breakpoint
CREATE FUNCTION "quotation_roll_ups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO "quotation_day_totals" AS t ("quotation_day", "quotations", "accepted", "expired",
        "converted", "total_amount")
      SELECT ("quotation_date" AT TIME ZONE 'UTC')::date,
        %1$s * count(*),
        %1$s * count(*) FILTER (WHERE "status" = 'accepted'),
        %1$s * count(*) FILTER (WHERE "status" = 'expired'),
        %1$s * count(*) FILTER (WHERE "status" = 'converted'),
        %1$s * sum("total_amount")
      FROM %2$I GROUP BY 1
      ON CONFLICT ("quotation_day") DO UPDATE SET
        "quotations" = t."quotations" + excluded."quotations",
        "accepted" = t."accepted" + excluded."accepted",
        "expired" = t."expired" + excluded."expired",
        "converted" = t."converted" + excluded."converted",
        "total_amount" = t."total_amount" + excluded."total_amount"
    $sql$, sign, source);
    EXECUTE format($sql$
      INSERT INTO "quotation_open_valid_day_totals" AS t ("valid_day", "status", "quotations")
      SELECT ("valid_until" AT TIME ZONE 'UTC')::date, "status", %1$s * count(*)
      FROM %2$I WHERE "status" IN ('draft', 'sent') GROUP BY 1, 2
      ON CONFLICT ("valid_day", "status") DO UPDATE SET
        "quotations" = t."quotations" + excluded."quotations"
    $sql$, sign, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quotations_roll_ups_insert" AFTER INSERT ON "quotations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotation_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "quotations_roll_ups_update" AFTER UPDATE ON "quotations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "quotation_roll_ups_change"();
--> statement-breakpoint
CREATE TRIGGER "quotations_roll_ups_delete" AFTER DELETE ON "quotations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quotation_roll_ups_change"();
--> statement-breakpoint
CREATE FUNCTION "quotation_roll_ups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "quotation_day_totals";
  DELETE FROM "quotation_open_valid_day_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quotations_roll_ups_truncate" AFTER TRUNCATE ON "quotations"
  FOR EACH STATEMENT EXECUTE FUNCTION "quotation_roll_ups_clear"();
--> statement-breakpoint
-- The quotations written before the roll-ups existed.
INSERT INTO "quotation_day_totals" ("quotation_day", "quotations", "accepted", "expired", "converted",
  "total_amount")
SELECT ("quotation_date" AT TIME ZONE 'UTC')::date, count(*),
  count(*) FILTER (WHERE "status" = 'accepted'),
  count(*) FILTER (WHERE "status" = 'expired'),
  count(*) FILTER (WHERE "status" = 'converted'),
  sum("total_amount")
FROM "quotations" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "quotation_open_valid_day_totals" ("valid_day", "status", "quotations")
SELECT ("valid_until" AT TIME ZONE 'UTC')::date, "status", count(*)
FROM "quotations" WHERE "status" IN ('draft', 'sent') GROUP BY 1, 2;
