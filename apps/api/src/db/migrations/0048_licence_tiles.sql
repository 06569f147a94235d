CREATE TABLE "licence_activity_minutes" (
	"minute" timestamp PRIMARY KEY NOT NULL,
	"licences" bigint NOT NULL,
	"latest" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_created_hour_counts" (
	"created_hour" timestamp PRIMARY KEY NOT NULL,
	"licences" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licence_expiry_day_counts" (
	"expiry_day" date NOT NULL,
	"bound" boolean NOT NULL,
	"licences" bigint NOT NULL,
	CONSTRAINT "licence_expiry_day_counts_expiry_day_bound_pk" PRIMARY KEY("expiry_day","bound")
);
--> statement-breakpoint
-- The dashboard's licence tiles kept on write, so they add up a few thousand rows instead of
-- every licence: licences per UTC expiry day and bound state ('infinity': no expiry), per UTC hour
-- of creation, and per UTC minute of the last device activity. Inserts and deletes are statement
-- triggers (one upsert per day, hour or minute touched); an update is row-level, because
-- PostgreSQL allows a column list only without transition tables, and its WHEN lets a heartbeat
-- through only when it moves a licence to another minute (once a minute per device at most).
-- Rows are never deleted: a count that falls to 0 stays, which the sums ignore.
CREATE FUNCTION "licence_tiles_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END;
  sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO "licence_expiry_day_counts" AS t ("expiry_day", "bound", "licences")
    SELECT coalesce(("valid_until" AT TIME ZONE 'UTC')::date, 'infinity'), "bound", %1$s * count(*)
    FROM %2$I GROUP BY 1, 2
    ON CONFLICT ("expiry_day", "bound") DO UPDATE SET "licences" = t."licences" + excluded."licences"
  $sql$, sign, source);
  EXECUTE format($sql$
    INSERT INTO "licence_created_hour_counts" AS t ("created_hour", "licences")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), %1$s * count(*)
    FROM %2$I GROUP BY 1
    ON CONFLICT ("created_hour") DO UPDATE SET "licences" = t."licences" + excluded."licences"
  $sql$, sign, source);
  EXECUTE format($sql$
    INSERT INTO "licence_activity_minutes" AS t ("minute", "licences", "latest")
    SELECT date_trunc('minute', "last_device_activity" AT TIME ZONE 'UTC'), %1$s * count(*),
      max("last_device_activity")
    FROM %2$I WHERE "last_device_activity" IS NOT NULL GROUP BY 1
    ON CONFLICT ("minute") DO UPDATE SET "licences" = t."licences" + excluded."licences",
      "latest" = greatest(t."latest", excluded."latest")
  $sql$, sign, source);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_tiles_insert" AFTER INSERT ON "licences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "licence_tiles_change"();
--> statement-breakpoint
CREATE TRIGGER "licences_tiles_delete" AFTER DELETE ON "licences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "licence_tiles_change"();
--> statement-breakpoint
CREATE FUNCTION "licence_tiles_move"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_minute timestamp := date_trunc('minute', OLD."last_device_activity" AT TIME ZONE 'UTC');
  new_minute timestamp := date_trunc('minute', NEW."last_device_activity" AT TIME ZONE 'UTC');
BEGIN
  IF OLD."valid_until" IS DISTINCT FROM NEW."valid_until" OR OLD."bound" IS DISTINCT FROM NEW."bound" THEN
    -- Summed first: a move within one day and state is one row, which an upsert may touch once.
    INSERT INTO "licence_expiry_day_counts" AS t ("expiry_day", "bound", "licences")
    SELECT day, bound, sum(n) FROM (VALUES
      (coalesce((OLD."valid_until" AT TIME ZONE 'UTC')::date, 'infinity'), OLD."bound", -1),
      (coalesce((NEW."valid_until" AT TIME ZONE 'UTC')::date, 'infinity'), NEW."bound", 1)
    ) AS moved(day, bound, n) GROUP BY 1, 2
    ON CONFLICT ("expiry_day", "bound") DO UPDATE SET "licences" = t."licences" + excluded."licences";
  END IF;
  IF OLD."created_at" IS DISTINCT FROM NEW."created_at" THEN
    INSERT INTO "licence_created_hour_counts" AS t ("created_hour", "licences")
    SELECT hour, sum(n) FROM (VALUES
      (date_trunc('hour', OLD."created_at" AT TIME ZONE 'UTC'), -1),
      (date_trunc('hour', NEW."created_at" AT TIME ZONE 'UTC'), 1)
    ) AS moved(hour, n) GROUP BY 1
    ON CONFLICT ("created_hour") DO UPDATE SET "licences" = t."licences" + excluded."licences";
  END IF;
  IF old_minute IS DISTINCT FROM new_minute THEN
    IF old_minute IS NOT NULL THEN
      INSERT INTO "licence_activity_minutes" AS t ("minute", "licences", "latest")
      VALUES (old_minute, -1, OLD."last_device_activity")
      ON CONFLICT ("minute") DO UPDATE SET "licences" = t."licences" - 1;
    END IF;
    IF new_minute IS NOT NULL THEN
      INSERT INTO "licence_activity_minutes" AS t ("minute", "licences", "latest")
      VALUES (new_minute, 1, NEW."last_device_activity")
      ON CONFLICT ("minute") DO UPDATE SET "licences" = t."licences" + 1,
        "latest" = greatest(t."latest", excluded."latest");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_tiles_update"
  AFTER UPDATE OF "valid_until", "bound", "created_at", "last_device_activity" ON "licences"
  FOR EACH ROW WHEN (OLD."valid_until" IS DISTINCT FROM NEW."valid_until"
    OR OLD."bound" IS DISTINCT FROM NEW."bound"
    OR OLD."created_at" IS DISTINCT FROM NEW."created_at"
    OR date_trunc('minute', OLD."last_device_activity" AT TIME ZONE 'UTC')
      IS DISTINCT FROM date_trunc('minute', NEW."last_device_activity" AT TIME ZONE 'UTC'))
  EXECUTE FUNCTION "licence_tiles_move"();
--> statement-breakpoint
CREATE FUNCTION "licence_tiles_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "licence_expiry_day_counts";
  DELETE FROM "licence_created_hour_counts";
  DELETE FROM "licence_activity_minutes";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "licences_tiles_truncate" AFTER TRUNCATE ON "licences"
  FOR EACH STATEMENT EXECUTE FUNCTION "licence_tiles_clear"();
--> statement-breakpoint
-- The licences issued before the tiles were kept.
INSERT INTO "licence_expiry_day_counts" ("expiry_day", "bound", "licences")
SELECT coalesce(("valid_until" AT TIME ZONE 'UTC')::date, 'infinity'), "bound", count(*)
FROM "licences" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "licence_created_hour_counts" ("created_hour", "licences")
SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), count(*) FROM "licences" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "licence_activity_minutes" ("minute", "licences", "latest")
SELECT date_trunc('minute', "last_device_activity" AT TIME ZONE 'UTC'), count(*), max("last_device_activity")
FROM "licences" WHERE "last_device_activity" IS NOT NULL GROUP BY 1;
