-- What each reminder step sent: e-mail with the PDF (as every step did before), e-mail alone, or
-- only the text for WhatsApp.
ALTER TABLE "invoice_reminders" ADD COLUMN "sends" text DEFAULT 'email_with_pdf' NOT NULL;
--> statement-breakpoint
-- The renewals view's groups kept on write: keys per UTC expiry day, client and licence type, so
-- the view pages and counts a window of groups instead of grouping every key in it. Inserts and
-- deletes are statement triggers (one upsert per group touched, whatever the number of rows);
-- a change of expiry, owner or type moves one key (row-level: PostgreSQL allows a column list
-- only without transition tables, so heartbeat writes never fire it).
CREATE TABLE "licence_expiry_groups" (
	"expiry_day" date NOT NULL,
	"client_id" uuid NOT NULL,
	"licence_type" text NOT NULL,
	"key_count" integer NOT NULL,
	CONSTRAINT "licence_expiry_groups_pkey" PRIMARY KEY ("expiry_day", "client_id", "licence_type") INCLUDE ("key_count")
);
--> statement-breakpoint
CREATE FUNCTION "licence_expiry_groups_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "licence_expiry_groups" AS t ("expiry_day", "client_id", "licence_type", "key_count")
    SELECT ("valid_until" AT TIME ZONE 'UTC')::date, "client_id", "licence_type", count(*)
    FROM new_rows WHERE "valid_until" IS NOT NULL GROUP BY 1, 2, 3
    ON CONFLICT ("expiry_day", "client_id", "licence_type") DO UPDATE SET
      "key_count" = t."key_count" + excluded."key_count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "licence_expiry_groups" t SET "key_count" = t."key_count" - d.n
    FROM (SELECT ("valid_until" AT TIME ZONE 'UTC')::date AS day, "client_id", "licence_type", count(*) AS n
          FROM old_rows WHERE "valid_until" IS NOT NULL GROUP BY 1, 2, 3) d
    WHERE t."expiry_day" = d.day AND t."client_id" = d."client_id" AND t."licence_type" = d."licence_type";
    DELETE FROM "licence_expiry_groups" t
    USING (SELECT DISTINCT ("valid_until" AT TIME ZONE 'UTC')::date AS day, "client_id", "licence_type"
           FROM old_rows WHERE "valid_until" IS NOT NULL) d
    WHERE t."expiry_day" = d.day AND t."client_id" = d."client_id" AND t."licence_type" = d."licence_type"
      AND t."key_count" <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_expiry_groups_insert" AFTER INSERT ON "licences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "licence_expiry_groups_change"();
--> statement-breakpoint
CREATE TRIGGER "licences_expiry_groups_delete" AFTER DELETE ON "licences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "licence_expiry_groups_change"();
--> statement-breakpoint
CREATE FUNCTION "licence_expiry_groups_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."valid_until" IS NOT NULL THEN
    UPDATE "licence_expiry_groups" SET "key_count" = "key_count" - 1
    WHERE "expiry_day" = (OLD."valid_until" AT TIME ZONE 'UTC')::date
      AND "client_id" = OLD."client_id" AND "licence_type" = OLD."licence_type";
    DELETE FROM "licence_expiry_groups"
    WHERE "expiry_day" = (OLD."valid_until" AT TIME ZONE 'UTC')::date
      AND "client_id" = OLD."client_id" AND "licence_type" = OLD."licence_type"
      AND "key_count" <= 0;
  END IF;
  IF NEW."valid_until" IS NOT NULL THEN
    INSERT INTO "licence_expiry_groups" AS t ("expiry_day", "client_id", "licence_type", "key_count")
    VALUES ((NEW."valid_until" AT TIME ZONE 'UTC')::date, NEW."client_id", NEW."licence_type", 1)
    ON CONFLICT ("expiry_day", "client_id", "licence_type") DO UPDATE SET
      "key_count" = t."key_count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_expiry_groups_update" AFTER UPDATE OF "valid_until", "client_id", "licence_type" ON "licences"
  FOR EACH ROW WHEN (OLD."valid_until" IS DISTINCT FROM NEW."valid_until"
    OR OLD."client_id" IS DISTINCT FROM NEW."client_id"
    OR OLD."licence_type" IS DISTINCT FROM NEW."licence_type")
  EXECUTE FUNCTION "licence_expiry_groups_move"();
--> statement-breakpoint
CREATE FUNCTION "licence_expiry_groups_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "licence_expiry_groups";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_expiry_groups_truncate" AFTER TRUNCATE ON "licences"
  FOR EACH STATEMENT EXECUTE FUNCTION "licence_expiry_groups_clear"();
--> statement-breakpoint
-- The keys issued before the groups were kept.
INSERT INTO "licence_expiry_groups" ("expiry_day", "client_id", "licence_type", "key_count")
SELECT ("valid_until" AT TIME ZONE 'UTC')::date, "client_id", "licence_type", count(*)
FROM "licences" WHERE "valid_until" IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A group's first keys (the view names up to 10 of each): one client's keys of a type by expiry.
CREATE INDEX "licences_client_type_expiry_idx" ON "licences" USING btree ("client_id", "licence_type", "valid_until");
--> statement-breakpoint
-- The groups come from licence_expiry_groups now; licences_valid_until_idx serves expiry ranges.
DROP INDEX "licences_renewal_idx";
