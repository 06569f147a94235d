import type { OtaPlatform, OtaVersion, OtaChannel } from '@patrol/contracts';
import { crashFreeRate } from '@patrol/domain';
import type { OtaVersionRow } from '../../db/schema';

/** Where the app and the console download a release's APK. */
export function downloadPath(row: Pick<OtaVersionRow, 'id'>): string {
  return `/api/ota/versions/${row.id}/download`;
}

/** A release as the API presents it (never its path on disk). */
export function presentVersion(row: OtaVersionRow): OtaVersion {
  return {
    id: row.id,
    version: row.version,
    buildNumber: row.versionCode,
    packageName: row.packageName,
    isActive: row.isActive,
    fileSize: row.fileSize,
    platform: row.platform as OtaPlatform,
    channel: row.channel as OtaChannel,
    uploadedAt: row.uploadedAt.toISOString(),
    releaseNotes: row.releaseNotes ?? '',
    checksum: row.checksum,
    downloadUrl: downloadPath(row),
    rolloutPercent: row.rolloutPercent,
    rolloutPausedAt: row.rolloutPausedAt?.toISOString() ?? null,
    rolloutPauseReason: row.rolloutPauseReason,
    health: {
      devices: row.healthDevices,
      crashedDevices: row.healthCrashedDevices,
      crashFreeRate: crashFreeRate(row.healthDevices, row.healthCrashedDevices),
      checkedAt: row.healthCheckedAt?.toISOString() ?? null,
    },
  };
}
