-- Release health's device counts kept on write (issue 28): a release's devices by the hour they
-- were last seen and last crashed in, and a platform's devices by the version and hour of their
-- last report, so the minute's refresh adds up rows per hour instead of reading a row per device.
-- Each statement's changes go in as one upsert in key order: an update's old hour (-1) and new
-- hour (+1) cancel when they are the same, and two flushes lock the rows they share in one order.
CREATE TABLE "device_version_hours" (
	"platform" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"version_code" integer NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_version_hours_platform_hour_version_code_pk" PRIMARY KEY("platform","hour","version_code")
);
--> statement-breakpoint
CREATE TABLE "release_device_hours" (
	"platform" text NOT NULL,
	"version_code" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"crashed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_device_hours_platform_version_code_hour_pk" PRIMARY KEY("platform","version_code","hour")
);
--> statement-breakpoint
CREATE FUNCTION "utc_hour"("at" timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('1 hour', "at", 'epoch'::timestamptz)
$$;
--> statement-breakpoint
-- A device row marks the hour it was last seen in and, when it crashed, the hour it last crashed in.
CREATE FUNCTION "release_device_hours_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "release_device_hours" AS t ("platform", "version_code", "hour", "seen", "crashed")
    SELECT platform, version_code, hour, sum(seen), sum(crashed) FROM (
      SELECT platform, version_code, m.* FROM new_rows,
      LATERAL (VALUES ("utc_hour"(new_rows.last_seen_at), 1, 0),
      ("utc_hour"(new_rows.last_crash_at), 0, 1)) AS m (hour, seen, crashed)
      UNION ALL
      SELECT platform, version_code, m.* FROM old_rows,
      LATERAL (VALUES ("utc_hour"(old_rows.last_seen_at), -1, 0),
      ("utc_hour"(old_rows.last_crash_at), 0, -1)) AS m (hour, seen, crashed)
    ) marks WHERE hour IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum(seen) <> 0 OR sum(crashed) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "version_code", "hour") DO UPDATE SET
      "seen" = t."seen" + excluded."seen", "crashed" = t."crashed" + excluded."crashed";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "release_device_hours" AS t ("platform", "version_code", "hour", "seen", "crashed")
    SELECT platform, version_code, m.hour, sum(m.seen), sum(m.crashed) FROM new_rows,
      LATERAL (VALUES ("utc_hour"(new_rows.last_seen_at), 1, 0),
      ("utc_hour"(new_rows.last_crash_at), 0, 1)) AS m (hour, seen, crashed)
    WHERE m.hour IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "version_code", "hour") DO UPDATE SET
      "seen" = t."seen" + excluded."seen", "crashed" = t."crashed" + excluded."crashed";
  ELSE
    INSERT INTO "release_device_hours" AS t ("platform", "version_code", "hour", "seen", "crashed")
    SELECT platform, version_code, m.hour, sum(m.seen), sum(m.crashed) FROM old_rows,
      LATERAL (VALUES ("utc_hour"(old_rows.last_seen_at), -1, 0),
      ("utc_hour"(old_rows.last_crash_at), 0, -1)) AS m (hour, seen, crashed)
    WHERE m.hour IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "version_code", "hour") DO UPDATE SET
      "seen" = t."seen" + excluded."seen", "crashed" = t."crashed" + excluded."crashed";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "release_devices_hours_insert" AFTER INSERT ON "release_devices"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "release_device_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "release_devices_hours_update" AFTER UPDATE ON "release_devices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "release_device_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "release_devices_hours_delete" AFTER DELETE ON "release_devices"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "release_device_hours_change"();
--> statement-breakpoint
CREATE FUNCTION "device_version_hours_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "device_version_hours" AS t ("platform", "hour", "version_code", "devices")
    SELECT m.platform, m.hour, m.version_code, sum(m.devices)
    FROM (SELECT platform, "utc_hour"(reported_at) AS hour, version_code, 1 AS devices FROM new_rows
      UNION ALL SELECT platform, "utc_hour"(reported_at), version_code, -1 FROM old_rows) m
    GROUP BY 1, 2, 3 HAVING sum(m.devices) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "hour", "version_code") DO UPDATE SET "devices" = t."devices" + excluded."devices";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "device_version_hours" AS t ("platform", "hour", "version_code", "devices")
    SELECT platform, "utc_hour"(reported_at), version_code, count(*)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "hour", "version_code") DO UPDATE SET "devices" = t."devices" + excluded."devices";
  ELSE
    INSERT INTO "device_version_hours" AS t ("platform", "hour", "version_code", "devices")
    SELECT platform, "utc_hour"(reported_at), version_code, -count(*)
    FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("platform", "hour", "version_code") DO UPDATE SET "devices" = t."devices" + excluded."devices";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "device_app_versions_hours_insert" AFTER INSERT ON "device_app_versions"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "device_version_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "device_app_versions_hours_update" AFTER UPDATE ON "device_app_versions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "device_version_hours_change"();
--> statement-breakpoint
CREATE TRIGGER "device_app_versions_hours_delete" AFTER DELETE ON "device_app_versions"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "device_version_hours_change"();
--> statement-breakpoint
CREATE FUNCTION "release_device_hours_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'release_devices' THEN
    DELETE FROM "release_device_hours";
  ELSE
    DELETE FROM "device_version_hours";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "release_devices_hours_truncate" AFTER TRUNCATE ON "release_devices"
  FOR EACH STATEMENT EXECUTE FUNCTION "release_device_hours_clear"();
--> statement-breakpoint
CREATE TRIGGER "device_app_versions_hours_truncate" AFTER TRUNCATE ON "device_app_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "release_device_hours_clear"();
--> statement-breakpoint
-- The devices seen before the roll-ups existed.
INSERT INTO "release_device_hours" ("platform", "version_code", "hour", "seen", "crashed")
SELECT platform, version_code, m.hour, sum(m.seen), sum(m.crashed) FROM release_devices,
      LATERAL (VALUES ("utc_hour"(release_devices.last_seen_at), 1, 0),
      ("utc_hour"(release_devices.last_crash_at), 0, 1)) AS m (hour, seen, crashed)
WHERE m.hour IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "device_version_hours" ("platform", "hour", "version_code", "devices")
SELECT platform, "utc_hour"(reported_at), version_code, count(*)
FROM "device_app_versions" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
ANALYZE "release_device_hours", "device_version_hours";
