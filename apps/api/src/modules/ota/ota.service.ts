import { randomBytes } from 'node:crypto';
import { mkdir, rm, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  otaMessages,
  updateMessages,
  type ListOtaVersionsQuery,
  type ListOtaVersionsResponse,
  type MessageResponse,
  type MobileDistributeBody,
  type OtaHealthResponse,
  type OtaRolloutBody,
  type OtaUpdateEventType,
  type OtaVersionResponse,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { OtaVersionRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { mappingFileRemoval, mappingsOfVersions } from '../crash-reports/crash-mappings.service';
import { apkDirectory, apkPath } from './ota-files';
import { presentVersion } from './ota.presenter';
import {
  deactivateOthers,
  deleteVersion,
  findPlatformVersion,
  findVersion,
  findVersions,
  updateVersion,
  versionStatistics,
} from './ota.repo';

type OtaDeps = Pick<AppContext, 'db' | 'events'>;

/** GET /api/ota/versions: the newest releases; current = the active one, latest = the newest. */
export async function listVersions(
  db: DbExecutor,
  query: ListOtaVersionsQuery,
): Promise<ListOtaVersionsResponse> {
  const rows = await findVersions(db, query);
  const active = rows.find((row) => row.isActive);
  const statistics = await versionStatistics(db);
  const mappings = await mappingsOfVersions(
    db,
    rows.map((row) => row.id),
  );
  return {
    success: true,
    versions: rows.map((row) => ({
      ...presentVersion(row),
      mapping: mappings.get(row.id) ?? null,
    })),
    currentVersion: active?.version ?? null,
    latestVersion: rows[0]?.version ?? null,
    totalVersions: query.includeInactive ? statistics.totalVersions : statistics.activeVersions,
  };
}

async function lockVersion(db: DbExecutor, id: string): Promise<OtaVersionRow> {
  const row = await findVersion(db, id, { forUpdate: true });
  if (!row) throw notFound(otaMessages.versionNotFound);
  return row;
}

function announce(ctx: Pick<AppContext, 'events'>, type: OtaUpdateEventType, version: string) {
  ctx.events.publish('ota_update', { type, version, timestamp: new Date().toISOString() });
}

/** A change to one release in a transaction, audited with the fields it changed. */
async function changeVersion(
  ctx: OtaDeps,
  actor: AuthUser,
  id: string,
  action: string,
  change: (tx: DbExecutor, row: OtaVersionRow) => Promise<OtaVersionRow>,
): Promise<OtaVersionRow> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockVersion(tx, id);
    const after = await change(tx, before);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action,
      entityType: 'ota_version',
      entityId: before.id,
      before: auditedFields(before),
      after: auditedFields(after),
    });
    return after;
  });
}

function auditedFields(row: OtaVersionRow) {
  return {
    version: row.version,
    isActive: row.isActive,
    rolloutPercent: row.rolloutPercent,
    rolloutPaused: row.rolloutPausedAt !== null,
  };
}

/**
 * PATCH /api/ota/versions/{id}/activate: makes the release the current one of its platform and
 * channel (the previous current one is deactivated); its rollout starts where it was set.
 */
export async function activateVersion(
  ctx: OtaDeps,
  actor: AuthUser,
  id: string,
): Promise<OtaVersionResponse> {
  const row = await changeVersion(ctx, actor, id, 'ota.version_activated', async (tx, before) => {
    await deactivateOthers(tx, before);
    // The ladder's clock starts when the release is first offered.
    return updateVersion(tx, before.id, {
      isActive: true,
      rolloutStepAt: before.rolloutStepAt ?? new Date(),
    });
  });
  announce(ctx, 'version_activated', row.version);
  return {
    success: true,
    message: otaMessages.activated(row.version),
    version: presentVersion(row),
  };
}

/** PATCH /api/ota/versions/{id}/deactivate: devices are no longer offered the release. */
export async function deactivateVersion(
  ctx: OtaDeps,
  actor: AuthUser,
  id: string,
): Promise<OtaVersionResponse> {
  const row = await changeVersion(ctx, actor, id, 'ota.version_deactivated', (tx, before) =>
    updateVersion(tx, before.id, { isActive: false }),
  );
  announce(ctx, 'version_deactivated', row.version);
  return { success: true, message: otaMessages.deactivated, version: presentVersion(row) };
}

/**
 * PATCH /api/ota/versions/{id}/rollout: sets the share of devices offered the release, and pauses
 * or resumes its rollout (a pause by release health is lifted here, by a person).
 */
export async function changeRollout(
  ctx: OtaDeps,
  actor: AuthUser,
  id: string,
  body: OtaRolloutBody,
): Promise<OtaVersionResponse> {
  const row = await changeVersion(ctx, actor, id, 'ota.rollout_changed', (tx, before) =>
    updateVersion(tx, before.id, {
      rolloutPercent: body.rolloutPercent ?? before.rolloutPercent,
      ...(body.rolloutPercent !== undefined && body.rolloutPercent !== before.rolloutPercent
        ? { rolloutStepAt: new Date() }
        : {}),
      ...(body.paused === undefined
        ? {}
        : body.paused
          ? {
              rolloutPausedAt: before.rolloutPausedAt ?? new Date(),
              rolloutPauseReason: before.rolloutPauseReason ?? 'Paused by hand',
              haltRule: before.haltRule ?? 'manual',
            }
          : { rolloutPausedAt: null, rolloutPauseReason: null, haltRule: null }),
    }),
  );
  return {
    success: true,
    message: rolloutMessage(row),
    version: presentVersion(row),
  };
}

function rolloutMessage(row: OtaVersionRow): string {
  if (row.rolloutPausedAt) return `Rollout of ${row.version} paused at ${row.rolloutPercent}%`;
  return `Version ${row.version} is offered to ${row.rolloutPercent}% of devices`;
}

/**
 * DELETE /api/ota/versions/{id}: an inactive release and its file (409 while it is active, so a
 * device mid-download is not cut off by accident).
 */
export async function removeVersion(
  ctx: OtaDeps & Pick<AppContext, 'uploads'>,
  actor: AuthUser,
  id: string,
): Promise<MessageResponse> {
  // The mapping's row goes with the version's (a foreign key); its file after commit.
  let removeMappingFile = async () => {};
  const row = await ctx.db.transaction(async (tx) => {
    const found = await lockVersion(tx, id);
    if (found.isActive) throw conflict(otaMessages.deleteActive);
    removeMappingFile = await mappingFileRemoval(tx, ctx.uploads, found.id);
    await deleteVersion(tx, found.id);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'ota.version_deleted',
      entityType: 'ota_version',
      entityId: found.id,
      before: { version: found.version, versionCode: found.versionCode },
      after: null,
    });
    return found;
  });
  await rm(apkPath(ctx.uploads, row.filePath), { force: true });
  await removeMappingFile();
  announce(ctx, 'version_deleted', row.version);
  return { success: true, message: otaMessages.deleted };
}

/** Below this much free space the file system is reported as a warning: an APK may not fit. */
const lowDiskBytes = 1024 * 1024 * 1024;

/**
 * GET /api/ota/diagnostic/health: a real database round trip (with its latency) and a real write
 * and delete in the APK folder, with the free space left.
 */
export async function otaHealth(
  ctx: Pick<AppContext, 'db' | 'database' | 'uploads'>,
): Promise<OtaHealthResponse> {
  const [database, filesystem] = await Promise.all([
    checkDatabase(ctx),
    checkFileSystem(apkDirectory(ctx.uploads)),
  ]);
  const statistics = database.ok
    ? await versionStatistics(ctx.db)
    : { activeVersions: 0, totalVersions: 0, platforms: [] };
  const errors = [database.error, filesystem.error].filter(Boolean);
  const status = !database.ok ? 'error' : !filesystem.ok || filesystem.low ? 'warning' : 'healthy';
  return {
    success: true,
    status,
    database: database.ok ? 'connected' : 'failed',
    filesystem: filesystem.ok ? (filesystem.low ? 'warning' : 'accessible') : 'failed',
    timestamp: new Date().toISOString(),
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
    services: {
      api: { status: 'healthy', uptime: Math.round(process.uptime()) },
      database: {
        status: database.ok ? 'connected' : 'failed',
        latency: database.latencyMs,
        connection: ctx.database.dialect === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL',
      },
      filesystem: {
        status: filesystem.ok ? (filesystem.low ? 'warning' : 'accessible') : 'failed',
        writable: filesystem.ok,
        freeBytes: filesystem.freeBytes,
      },
    },
    statistics: {
      activeVersions: statistics.activeVersions,
      totalVersions: statistics.totalVersions,
      platforms: statistics.platforms,
    },
  };
}

async function checkDatabase(ctx: Pick<AppContext, 'database'>) {
  const started = performance.now();
  try {
    await ctx.database.ping();
    return { ok: true, latencyMs: Math.round(performance.now() - started), error: undefined };
  } catch {
    return { ok: false, latencyMs: null, error: 'The database does not answer' };
  }
}

async function checkFileSystem(directory: string) {
  const probe = join(directory, `.health-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
    const space = await statfs(directory);
    const freeBytes = space.bavail * space.bsize;
    return { ok: true, low: freeBytes < lowDiskBytes, freeBytes, error: undefined };
  } catch {
    return { ok: false, low: false, freeBytes: null, error: 'The APK folder is not writable' };
  }
}

/**
 * POST /api/ota/mobile/distribute: makes the platform's release the one devices are offered, by
 * activating it (audited, and announced as ota_update). 404 for a version never uploaded.
 */
export async function distributeMobileRelease(
  ctx: Pick<AppContext, 'db' | 'events'>,
  actor: AuthUser,
  body: MobileDistributeBody,
): Promise<OtaVersionResponse> {
  const release = await findPlatformVersion(ctx.db, body.platform, body.version);
  if (!release) throw notFound(otaMessages.versionNotFound);
  const activated = await activateVersion(ctx, actor, release.id);
  return {
    ...activated,
    message: updateMessages.distributed(release.version, release.platform),
  };
}
