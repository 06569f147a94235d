import type { OtaPlatform } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { deviceAppVersions } from '../../db/schema';

/** Upserts what a device runs; one row per device, so the table grows with devices only. */
export async function upsertDeviceAppVersion(
  db: DbExecutor,
  deviceId: string,
  platform: OtaPlatform,
  versionCode: number,
  versionName: string | undefined,
): Promise<void> {
  await db
    .insert(deviceAppVersions)
    .values({ deviceId, platform, versionCode, versionName, reportedAt: new Date() })
    .onConflictDoUpdate({
      target: deviceAppVersions.deviceId,
      set: {
        platform,
        versionCode,
        versionName: versionName ?? null,
        reportedAt: sql`now()`,
      },
    });
}
