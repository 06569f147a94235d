import type { MobileCheckQuery, MobileUpdateCheckResponse } from '@patrol/contracts';
import { isInRollout } from '@patrol/domain';
import type { OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { StoredFile } from '../../storage/stored-file';
import type { DeviceSession } from '../devices/devices.service';
import { upsertDeviceAppVersion } from './device-app-versions.repo';
import { apkDirectory } from './ota-files';
import { downloadPath } from './ota.presenter';
import { findActiveVersion, findLatestVersion, findVersion } from './ota.repo';

/** The app's own check: the device calling and the version it says it runs. */
export interface DeviceUpdateCheck {
  device: DeviceSession;
  query: MobileCheckQuery;
}

/** Whether the release is offered to this device: active, its rollout running and reaching it. */
function offeredTo(release: OtaVersionRow, deviceId: string): boolean {
  return (
    release.isActive &&
    release.rolloutPausedAt === null &&
    isInRollout(deviceId, release.id, release.rolloutPercent)
  );
}

/**
 * GET /api/ota/mobile/check. For the app (device token, with the versionCode it runs): whether a
 * newer active release is offered to this device, with size, checksum, notes and download URL;
 * the version it runs is recorded for release health. For the console (`check` undefined: staff
 * with ota.view): the current and latest Android releases.
 */
export async function checkMobileUpdate(
  ctx: Pick<AppContext, 'db'>,
  check: DeviceUpdateCheck | undefined,
): Promise<MobileUpdateCheckResponse> {
  if (!check) {
    const [active, latest] = await Promise.all([
      findActiveVersion(ctx.db, 'android'),
      findLatestVersion(ctx.db, 'android'),
    ]);
    return {
      success: true,
      android: {
        currentVersion: active?.version ?? null,
        latestVersion: latest?.version ?? null,
        hasUpdate: Boolean(active),
        downloadUrl: active ? downloadPath(active) : null,
        releaseNotes: active?.releaseNotes ?? '',
        versionCode: active?.versionCode ?? null,
        fileSize: active?.fileSize ?? null,
        checksum: active?.checksum ?? null,
      },
    };
  }
  const { device, query } = check;
  const deviceId = device.licence.deviceId ?? device.licence.id;
  await upsertDeviceAppVersion(
    ctx.db,
    deviceId,
    query.platform,
    query.versionCode,
    query.versionName,
  );
  const release = await findActiveVersion(ctx.db, query.platform);
  const offered =
    release && release.versionCode > query.versionCode && offeredTo(release, deviceId)
      ? release
      : undefined;
  return {
    success: true,
    android: {
      currentVersion: query.versionName ?? String(query.versionCode),
      latestVersion: offered?.version ?? null,
      hasUpdate: Boolean(offered),
      downloadUrl: offered ? downloadPath(offered) : null,
      releaseNotes: offered?.releaseNotes ?? '',
      versionCode: offered?.versionCode ?? null,
      fileSize: offered?.fileSize ?? null,
      checksum: offered?.checksum ?? null,
    },
  };
}

/**
 * GET /api/ota/versions/{id}/download: the APK's file, for a device holding a token or the
 * console. The route answers HTTP Range with 206 so an interrupted download resumes; the ETag is
 * the SHA-256, which also lets If-Range tell a replaced file from the one partly downloaded.
 */
export async function findApkDownload(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
): Promise<StoredFile> {
  const release = await findVersion(ctx.db, id);
  if (!release) throw notFound('Version not found');
  const name = `${release.platform}-${release.version.replace(/[^A-Za-z0-9.+-]/g, '')}.apk`;
  return {
    directory: apkDirectory(ctx.uploads),
    fileName: release.filePath,
    headers: {
      'X-Checksum-SHA256': release.checksum,
      'Content-Disposition': `attachment; filename="${name}"`,
    },
    options: {
      contentType: 'application/vnd.android.package-archive',
      etag: `"${release.checksum}"`,
      cacheControl: 'private, no-cache',
    },
  };
}
