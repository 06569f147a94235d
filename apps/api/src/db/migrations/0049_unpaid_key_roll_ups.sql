CREATE TABLE "unpaid_key_due_counts" (
	"due_date" timestamp with time zone PRIMARY KEY NOT NULL,
	"keys" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_key_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The keys each invoice paid for, then the keys of the unpaid invoices per due date, from what is
-- there before the triggers below keep them. "Unpaid" is unpaidInvoice of the invoices module:
-- owed by the amounts, of a client on file.
UPDATE "invoices" AS i SET "paid_key_count" = k."keys"
FROM (SELECT "paid_by_invoice_id" AS "id", count(*) AS "keys" FROM "licences"
  WHERE "paid_by_invoice_id" IS NOT NULL GROUP BY 1) AS k
WHERE i."id" = k."id";
--> statement-breakpoint
INSERT INTO "unpaid_key_due_counts" ("due_date", "keys")
SELECT "due_date", sum("paid_key_count") FROM "invoices"
WHERE "paid_key_count" <> 0 AND NOT "is_voided" AND "client_id" IS NOT NULL
  AND "validated_amount" - "refunded_amount" < "total_amount" + "debited_amount" - "credited_amount"
GROUP BY 1;
--> statement-breakpoint
-- Invoices: statement triggers add (sign 1) or take away (sign -1) the keys of the unpaid rows of a
-- transition table, one upsert per due date touched. Rows are never deleted: a count that falls
-- to 0 stays, which the sums ignore.
CREATE FUNCTION "unpaid_keys_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO "unpaid_key_due_counts" AS t ("due_date", "keys")
      SELECT "due_date", %1$s * sum("paid_key_count") FROM %2$I
      WHERE "paid_key_count" <> 0 AND NOT "is_voided" AND "client_id" IS NOT NULL
        AND "validated_amount" - "refunded_amount" < "total_amount" + "debited_amount" - "credited_amount"
      GROUP BY 1
      ON CONFLICT ("due_date") DO UPDATE SET "keys" = t."keys" + excluded."keys"
    $sql$, sign, source);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_keys_insert" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "unpaid_keys_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_keys_update" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "unpaid_keys_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_keys_delete" AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "unpaid_keys_change"();
--> statement-breakpoint
CREATE FUNCTION "unpaid_keys_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "unpaid_key_due_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_unpaid_keys_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "unpaid_keys_clear"();
--> statement-breakpoint
-- Licences: each change to what paid for a key moves its invoice's paid_key_count, whose update
-- the invoice triggers above carry into the roll-up. Inserts and deletes are statement triggers;
-- an update is row-level with a column list, so a heartbeat never fires it. An invoice deleted
-- first (its keys' paid_by_invoice_id set null after) has taken its keys away with it.
CREATE FUNCTION "invoice_paid_keys_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END;
  sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  EXECUTE format($sql$
    UPDATE "invoices" AS i SET "paid_key_count" = i."paid_key_count" + %1$s * k."keys"
    FROM (SELECT "paid_by_invoice_id" AS "id", count(*) AS "keys" FROM %2$I
      WHERE "paid_by_invoice_id" IS NOT NULL GROUP BY 1) AS k
    WHERE i."id" = k."id"
  $sql$, sign, source);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_paid_keys_insert" AFTER INSERT ON "licences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_paid_keys_change"();
--> statement-breakpoint
CREATE TRIGGER "licences_paid_keys_delete" AFTER DELETE ON "licences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_paid_keys_change"();
--> statement-breakpoint
CREATE FUNCTION "invoice_paid_keys_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" SET "paid_key_count" = "paid_key_count" + CASE "id"
      WHEN NEW."paid_by_invoice_id" THEN 1 ELSE -1 END
  WHERE "id" IN (OLD."paid_by_invoice_id", NEW."paid_by_invoice_id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_paid_keys_update" AFTER UPDATE OF "paid_by_invoice_id" ON "licences"
  FOR EACH ROW WHEN (OLD."paid_by_invoice_id" IS DISTINCT FROM NEW."paid_by_invoice_id")
  EXECUTE FUNCTION "invoice_paid_keys_move"();
--> statement-breakpoint
CREATE FUNCTION "invoice_paid_keys_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" SET "paid_key_count" = 0 WHERE "paid_key_count" <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_paid_keys_truncate" AFTER TRUNCATE ON "licences"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_paid_keys_clear"();
