DROP INDEX "licences_last_device_activity_idx";--> statement-breakpoint
DROP INDEX "activities_created_at_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "licence_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "bound_licence_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_company_id_idx" ON "activities" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activities_created_at_idx" ON "activities" USING btree ("created_at","id");--> statement-breakpoint
-- Licence counters on clients, kept by triggers on licences: inserts and deletes are counted per
-- statement (one UPDATE of the affected clients, whatever the number of licence rows). Lists and the
-- dashboard then read the counters instead of counting the licence table.
CREATE FUNCTION "licences_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "clients" c SET
      "licence_count" = c."licence_count" + d.n,
      "bound_licence_count" = c."bound_licence_count" + d.b
    FROM (SELECT "client_id", count(*) AS n, count(*) FILTER (WHERE "bound") AS b
          FROM new_rows GROUP BY "client_id") d
    WHERE c."id" = d."client_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "clients" c SET
      "licence_count" = c."licence_count" - d.n,
      "bound_licence_count" = c."bound_licence_count" - d.b
    FROM (SELECT "client_id", count(*) AS n, count(*) FILTER (WHERE "bound") AS b
          FROM old_rows GROUP BY "client_id") d
    WHERE c."id" = d."client_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_count_insert" AFTER INSERT ON "licences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "licences_count_changes"();
--> statement-breakpoint
CREATE TRIGGER "licences_count_delete" AFTER DELETE ON "licences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "licences_count_changes"();
--> statement-breakpoint
-- A bind, an unbind or a change of owner moves the counters. Row-level, because PostgreSQL allows
-- a column list only without transition tables; heartbeats (last_device_activity) never fire it.
CREATE FUNCTION "licences_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "clients" SET
    "licence_count" = "licence_count" - 1,
    "bound_licence_count" = "bound_licence_count" - (CASE WHEN OLD."bound" THEN 1 ELSE 0 END)
  WHERE "id" = OLD."client_id";
  UPDATE "clients" SET
    "licence_count" = "licence_count" + 1,
    "bound_licence_count" = "bound_licence_count" + (CASE WHEN NEW."bound" THEN 1 ELSE 0 END)
  WHERE "id" = NEW."client_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_count_update" AFTER UPDATE OF "bound", "client_id" ON "licences"
  FOR EACH ROW WHEN (OLD."bound" IS DISTINCT FROM NEW."bound" OR OLD."client_id" IS DISTINCT FROM NEW."client_id")
  EXECUTE FUNCTION "licences_count_move"();
--> statement-breakpoint
UPDATE "clients" c SET
  "licence_count" = (SELECT count(*) FROM "licences" l WHERE l."client_id" = c."id"),
  "bound_licence_count" = (SELECT count(*) FROM "licences" l WHERE l."client_id" = c."id" AND l."bound");
--> statement-breakpoint
-- Room on each page for heartbeat updates to stay HOT (rewrite the row in place, no index writes).
ALTER TABLE "licences" SET (fillfactor = 90);
