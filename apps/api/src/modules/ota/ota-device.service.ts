import {
  mobileCheckQuerySchema,
  type MobileUpdateCheckResponse,
  type OtaPlatform,
} from '@patrol/contracts';
import { hasPermission, isInRollout } from '@patrol/domain';
import { sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { deviceAppVersions, type OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { forbidden, notFound } from '../../http/app-error';
import { authenticateToken, bearerToken } from '../../http/authenticate';
import { sendUpload } from '../../storage/uploads';
import { authenticateDevice, type DeviceSession } from '../devices/devices.service';
import { apkDirectory } from './ota-files';
import { downloadPath } from './ota.presenter';
import { findActiveVersion, findLatestVersion, findVersion } from './ota.repo';

type DeviceDeps = Pick<
  AppContext,
  | 'db'
  | 'config'
  | 'accessTokens'
  | 'accounts'
  | 'sessions'
  | 'limits'
  | 'deviceSessions'
  | 'uploads'
>;

/** Who calls a route that both the console and the app use. */
type Caller = { kind: 'staff' } | { kind: 'device'; device: DeviceSession };

/**
 * A staff access token (a signed JWT) for the console, with settings.view; otherwise the bearer is
 * taken as a device token, which the device check resolves (401 when neither).
 */
async function identifyCaller(ctx: DeviceDeps, req: Request): Promise<Caller> {
  const token = bearerToken(req);
  if (token && ctx.accessTokens.verify(token)) {
    const { user } = await authenticateToken(ctx, token);
    if (!hasPermission(user, 'settings.view')) throw forbidden();
    return { kind: 'staff' };
  }
  return { kind: 'device', device: await authenticateDevice(ctx, req) };
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
 * the version it runs is recorded for release health. For the console (settings.view): the
 * current and latest Android releases.
 */
export async function checkMobileUpdate(
  ctx: DeviceDeps,
  req: Request,
): Promise<MobileUpdateCheckResponse> {
  const caller = await identifyCaller(ctx, req);
  if (caller.kind === 'staff') {
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
  const query = mobileCheckQuerySchema.parse(req.query);
  const deviceId = caller.device.licence.deviceId ?? caller.device.licence.id;
  await recordInstalledVersion(ctx, deviceId, query.platform, query.versionCode, query.versionName);
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

/** Upserts what the device runs; one row per device, so the table grows with devices only. */
async function recordInstalledVersion(
  ctx: Pick<AppContext, 'db'>,
  deviceId: string,
  platform: OtaPlatform,
  versionCode: number,
  versionName: string | undefined,
): Promise<void> {
  await ctx.db
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

/**
 * GET /api/ota/versions/{id}/download: the APK, for a device holding a token or the console. HTTP
 * Range is answered with 206 so an interrupted download resumes; the ETag is the SHA-256, which
 * also lets If-Range tell a replaced file from the one partly downloaded.
 */
export async function downloadVersion(
  ctx: DeviceDeps,
  req: Request,
  res: Response,
  id: string,
): Promise<void> {
  await identifyCaller(ctx, req);
  const release = await findVersion(ctx.db, id);
  if (!release) throw notFound('Version not found');
  res.setHeader('X-Checksum-SHA256', release.checksum);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${release.platform}-${release.version.replace(/[^A-Za-z0-9.+-]/g, '')}.apk"`,
  );
  await sendUpload(res, apkDirectory(ctx.uploads), release.filePath, {
    contentType: 'application/vnd.android.package-archive',
    etag: `"${release.checksum}"`,
    cacheControl: 'private, no-cache',
  });
}
