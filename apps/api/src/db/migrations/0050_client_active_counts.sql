CREATE TABLE "client_active_counts" (
	"active" boolean PRIMARY KEY NOT NULL,
	"clients" bigint NOT NULL
);
--> statement-breakpoint
-- The directory totals' client counts kept on write. Inserts and deletes are statement triggers
-- (one upsert per state touched); an update is row-level with a column list, so only a change of
-- `active` fires it, never the per-client licence counters the licences' triggers keep. Rows are
-- never deleted: a count that falls to 0 stays.
CREATE FUNCTION "client_active_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END;
  sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "client_active_counts" AS t ("active", "clients")
    SELECT "active", %1$s * count(*) FROM %2$I GROUP BY 1
    ON CONFLICT ("active") DO UPDATE SET "clients" = t."clients" + excluded."clients"
  $sql$, sign, source);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_active_counts_insert" AFTER INSERT ON "clients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "client_active_counts_change"();
--> statement-breakpoint
CREATE TRIGGER "clients_active_counts_delete" AFTER DELETE ON "clients"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "client_active_counts_change"();
--> statement-breakpoint
CREATE FUNCTION "client_active_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "client_active_counts" AS t ("active", "clients")
  VALUES (OLD."active", -1), (NEW."active", 1)
  ON CONFLICT ("active") DO UPDATE SET "clients" = t."clients" + excluded."clients";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_active_counts_update" AFTER UPDATE OF "active" ON "clients"
  FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "client_active_counts_move"();
--> statement-breakpoint
CREATE FUNCTION "client_active_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "client_active_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_active_counts_truncate" AFTER TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "client_active_counts_clear"();
--> statement-breakpoint
-- The clients added before the counts were kept.
INSERT INTO "client_active_counts" ("active", "clients")
SELECT "active", count(*) FROM "clients" GROUP BY 1;
