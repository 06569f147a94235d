import { randomUUID } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import {
  apkMaxBytes,
  ladderMessages,
  otaMessages,
  rollForwardFieldsSchema,
  type OtaVersionResponse,
} from '@patrol/contracts';
import { rolloutState } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { removeFile, type ReceiveUpload } from '../../storage/uploads';
import { recordAudit } from '../audit/audit.service';
import { readApkIdentity } from './apk-manifest';
import { apkDirectory } from './ota-files';
import { presentVersion } from './ota.presenter';
import {
  deactivateOthers,
  findLatestVersion,
  findPreviousGood,
  findVersion,
  insertVersion,
} from './ota.repo';
import { announceRolloutMoves } from './rollout-announcements';

type RollForwardDeps = Pick<AppContext, 'db' | 'events' | 'logger' | 'mailer' | 'uploads'> & {
  observability: Pick<AppContext['observability'], 'worker'>;
};

/**
 * POST /api/ota/versions/{id}/roll-forward: replaces a halted release with the previous good
 * build, rebuilt with a higher version code (Android installs no lower one over the bad build, and
 * only the app's signing key, which stays with the build, can make that APK). In one action: the
 * APK is streamed and checked like an upload (same package, version code above the latest), stored
 * as a release that names the good one it republishes, and made the active release at 100 % while
 * the halted one is deactivated; audited and announced. 409 when the release is not halted or no
 * earlier release was good; the file is removed on any refusal.
 */
export async function rollForward(
  ctx: RollForwardDeps,
  actor: AuthUser,
  id: string,
  receive: ReceiveUpload,
): Promise<OtaVersionResponse> {
  const bad = await findVersion(ctx.db, id);
  if (!bad) throw notFound(otaMessages.versionNotFound);
  if (rolloutState(bad) !== 'halted') throw conflict(ladderMessages.notHalted);
  const good = await findPreviousGood(ctx.db, bad);
  if (!good) throw conflict(ladderMessages.noPrevious);
  const directory = apkDirectory(ctx.uploads);
  const { file, fields: form } = await receive({
    directory,
    field: 'apk',
    maxBytes: apkMaxBytes,
    tooLargeMessage: otaMessages.apkTooLarge,
    missingMessage: otaMessages.apkOnly,
  });
  try {
    const fields = rollForwardFieldsSchema.parse(form);
    const identity = await readApkIdentity(file.path);
    if (identity.packageName !== good.packageName) {
      const message = otaMessages.packageMismatch(identity.packageName, good.packageName);
      throw invalid(message, { apk: message });
    }
    const latest = await findLatestVersion(ctx.db, bad.platform);
    if (latest && identity.versionCode <= latest.versionCode) {
      throw conflict(otaMessages.versionCodeNotAbove(identity.versionCode, latest.versionCode));
    }
    if (await findVersion(ctx.db, identity.versionName)) {
      throw conflict(otaMessages.versionExists(identity.versionName));
    }
    const fileName = `${bad.platform}-${identity.versionCode}-${randomUUID()}.apk`;
    await rename(file.path, join(directory, fileName));
    const now = new Date();
    const row = await ctx.db
      .transaction(async (tx) => {
        const inserted = await insertVersion(tx, {
          version: identity.versionName,
          versionCode: identity.versionCode,
          packageName: identity.packageName,
          platform: bad.platform,
          channel: bad.channel,
          rolloutPercent: 100,
          rolloutStepAt: now,
          isActive: true,
          fileSize: file.size,
          checksum: file.sha256,
          filePath: fileName,
          originalFileName: file.originalname.slice(0, 255),
          releaseNotes:
            fields.releaseNotes ||
            `Roll forward: the build of ${good.version} again, replacing ${bad.version}.`,
          uploadedBy: actor.id,
          rolledForwardFrom: good.id,
        });
        await deactivateOthers(tx, inserted);
        await recordAudit(tx, {
          actorId: actor.id,
          requestId: actor.requestId,
          action: 'ota.rolled_forward',
          entityType: 'ota_version',
          entityId: inserted.id,
          before: { haltedVersion: bad.version, goodVersion: good.version },
          after: { version: inserted.version, versionCode: inserted.versionCode },
        });
        return inserted;
      })
      .catch(async (error: unknown) => {
        await removeFile(join(directory, fileName));
        throw error;
      });
    const message = `Rolled forward: ${row.version} (build ${row.versionCode}) republishes ${good.version} in place of ${bad.version}`;
    await announceRolloutMoves(ctx, [{ kind: 'changed', release: row, message }], now);
    return { success: true, message, version: presentVersion(row) };
  } finally {
    await removeFile(file.path);
  }
}
