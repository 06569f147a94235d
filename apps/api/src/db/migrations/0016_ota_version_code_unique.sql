-- Releases that share a version code on one platform (left by racing uploads) must be resolved by
-- hand: which one devices have is not something a migration can know.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "ota_versions" GROUP BY "platform", "version_code" HAVING count(*) > 1) THEN
    RAISE EXCEPTION 'ota_versions holds releases that share a version code on one platform: delete all but one of each (docs/upload-safety.md), then start again';
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "ota_versions_platform_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ota_versions_platform_code_unique" ON "ota_versions" USING btree ("platform","version_code");
