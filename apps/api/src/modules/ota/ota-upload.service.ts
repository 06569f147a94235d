import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  apkMaxBytes,
  otaMessages,
  otaUploadFieldsSchema,
  type OtaVersionResponse,
} from '@patrol/contracts';
import { findPostgresError } from '../../db/errors';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { removeFile, type ReceiveUpload } from '../../storage/uploads';
import { recordAudit } from '../audit/audit.service';
import { readApkIdentity, type ApkIdentity } from './apk-manifest';
import { presentVersion } from './ota.presenter';
import { apkDirectory } from './ota-files';
import { findLatestVersion, findVersion, insertVersion } from './ota.repo';

type UploadDeps = Pick<AppContext, 'db' | 'uploads' | 'events'>;

/**
 * POST /api/ota/upload: the multipart field `apk` is streamed to disk and hashed on the way (never
 * held whole), then read as an APK: its manifest must name the same package as earlier releases,
 * the version entered, and a version code above the latest. Any refusal deletes the file.
 */
export async function uploadApk(
  ctx: UploadDeps,
  actor: AuthUser,
  receive: ReceiveUpload,
): Promise<OtaVersionResponse> {
  const directory = apkDirectory(ctx.uploads);
  const { file, fields: form } = await receive({
    directory,
    field: 'apk',
    maxBytes: apkMaxBytes,
    tooLargeMessage: otaMessages.apkTooLarge,
    missingMessage: otaMessages.fileAndVersionRequired,
  });
  try {
    const fields = otaUploadFieldsSchema.parse(form);
    const identity = await readApkIdentity(file.path);
    await checkAgainstReleases(ctx, fields.platform, fields.version, identity);
    // A name only this request uses: a racing upload of the same APK that loses removes its own
    // file, never the winner's.
    const fileName = `${fields.platform}-${identity.versionCode}-${randomUUID()}.apk`;
    await rename(file.path, join(directory, fileName));
    const row = await ctx.db
      .transaction(async (tx) => {
        const inserted = await insertVersion(tx, {
          version: identity.versionName,
          versionCode: identity.versionCode,
          packageName: identity.packageName,
          platform: fields.platform,
          channel: fields.channel,
          rolloutPercent: fields.rolloutPercent,
          fileSize: file.size,
          checksum: file.sha256,
          filePath: fileName,
          originalFileName: file.originalname.slice(0, 255),
          releaseNotes: fields.releaseNotes,
          uploadedBy: actor.id,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          requestId: actor.requestId,
          action: 'ota.version_uploaded',
          entityType: 'ota_version',
          entityId: inserted.id,
          before: null,
          after: { version: inserted.version, versionCode: inserted.versionCode },
        });
        return inserted;
      })
      .catch(async (error: unknown) => {
        await removeFile(join(directory, fileName));
        throw raceLost(error, identity);
      });
    ctx.events.publish('ota_update', {
      type: 'version_uploaded',
      version: row.version,
      timestamp: new Date().toISOString(),
    });
    return {
      success: true,
      message: otaMessages.uploaded(row.version),
      version: presentVersion(row),
    };
  } finally {
    await removeFile(file.path);
  }
}

/**
 * The 409 of an upload that passed the checks below while a parallel one of the same version
 * name or version code did, and inserted second: the unique indexes decide between them.
 */
function raceLost(error: unknown, identity: ApkIdentity): unknown {
  const constraint = findPostgresError(error)?.constraint;
  if (constraint === 'ota_versions_platform_version_unique') {
    return conflict(otaMessages.versionExists(identity.versionName));
  }
  if (constraint === 'ota_versions_platform_code_unique') {
    return conflict(otaMessages.versionCodeNotAbove(identity.versionCode, identity.versionCode));
  }
  return error;
}

/** The rules an upload meets against the releases already here (each a 400 or 409). */
async function checkAgainstReleases(
  ctx: UploadDeps,
  platform: string,
  enteredVersion: string,
  identity: ApkIdentity,
): Promise<void> {
  if (enteredVersion !== identity.versionName) {
    const message = otaMessages.versionMismatch(enteredVersion, identity.versionName);
    throw invalid(message, { version: message });
  }
  if (await findVersion(ctx.db, identity.versionName)) {
    throw conflict(otaMessages.versionExists(identity.versionName));
  }
  const latest = await findLatestVersion(ctx.db, platform);
  if (!latest) return;
  if (latest.packageName !== identity.packageName) {
    const message = otaMessages.packageMismatch(identity.packageName, latest.packageName);
    throw invalid(message, { apk: message });
  }
  if (identity.versionCode <= latest.versionCode) {
    throw conflict(otaMessages.versionCodeNotAbove(identity.versionCode, latest.versionCode));
  }
}
