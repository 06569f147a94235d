-- Crash reports, OTA releases and system status get permissions of their own (issue 29). Whoever
-- could reach them through the company settings keys keeps exactly that: settings.view brings the
-- three view keys, settings.edit the keys that change crash reports and releases. Custom grants and
-- denials carry over the same way, so a user denied settings.view stays out of those screens.
UPDATE "users" SET "permissions" = "permissions" || '["crashes.view","ota.view","system.view"]'::jsonb
WHERE "permissions" ? 'settings.view';--> statement-breakpoint
UPDATE "users" SET "permissions" = "permissions" || '["crashes.manage","ota.upload","ota.activate"]'::jsonb
WHERE "permissions" ? 'settings.edit';--> statement-breakpoint
UPDATE "users" SET "custom_granted" = "custom_granted" || '["crashes.view","ota.view","system.view"]'::jsonb
WHERE "custom_granted" ? 'settings.view';--> statement-breakpoint
UPDATE "users" SET "custom_granted" = "custom_granted" || '["crashes.manage","ota.upload","ota.activate"]'::jsonb
WHERE "custom_granted" ? 'settings.edit';--> statement-breakpoint
UPDATE "users" SET "custom_denied" = "custom_denied" || '["crashes.view","ota.view","system.view"]'::jsonb
WHERE "custom_denied" ? 'settings.view';--> statement-breakpoint
UPDATE "users" SET "custom_denied" = "custom_denied" || '["crashes.manage","ota.upload","ota.activate"]'::jsonb
WHERE "custom_denied" ? 'settings.edit';
