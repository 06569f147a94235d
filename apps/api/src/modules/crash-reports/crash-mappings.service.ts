import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { crashMappingMessages, type CrashMapping } from '@patrol/contracts';
import { LRUCache } from 'lru-cache';
import type { DbExecutor } from '../../db/client';
import type { CrashMappingRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import type { StoredFile } from '../../storage/stored-file';
import { recordAudit } from '../audit/audit.service';
import { mappingDirectory, mappingIndex, mappingPath } from './crash-mapping-index';
import {
  deleteCrashMapping,
  findCrashMapping,
  findCrashMappingOfAppVersion,
  findCrashMappings,
  upsertCrashMapping,
} from './crash-mappings.repo';
import type { R8MappingIndex } from './r8-mapping.parser';
import { retraceStack } from './stack-retrace';

export { readR8MappingSummary, type R8MappingSummary } from './r8-mapping-file';

/** Where an upload writes a mapping while it streams in (DATA_DIR/uploads/mapping). */
export { mappingDirectory };

/** The release a mapping belongs to, as the OTA module knows it. */
export interface MappingVersion {
  id: string;
  version: string;
}

/**
 * How long a process trusts what it read about a version's mapping before reading it again: an
 * upload in another process is seen within this time (the retrace job keeps walking new reports
 * for twice as long after an upload, so none received in between stays unreadable).
 */
export const mappingLookupTtlMs = 10_000;

/** Each app version's mapping (or none) as intake last read it. */
const mappingOfVersion = new LRUCache<string, { fileName: string; checksum: string } | false>({
  max: 500,
  ttl: mappingLookupTtlMs,
});

/** The download path of a version's mapping. */
export function mappingDownloadPath(otaVersionId: string): string {
  return `/api/ota/versions/${otaVersionId}/mapping`;
}

function presentMapping(row: CrashMappingRow): CrashMapping {
  return {
    fileSize: row.fileSize,
    checksum: row.checksum,
    classCount: row.classCount,
    uploadedAt: row.uploadedAt.toISOString(),
    downloadUrl: mappingDownloadPath(row.otaVersionId),
    retracedAt: row.retracedAt?.toISOString() ?? null,
  };
}

/** A checked mapping file waiting in the mapping folder under a temporary name. */
export interface ReceivedMapping {
  path: string;
  size: number;
  sha256: string;
  classCount: number;
}

/**
 * Stores a checked mapping as the mapping of `version` (replacing its previous one), audited, and
 * schedules the retrace of the version's reports: `onStored` runs after commit (the job's kick).
 */
export async function storeMapping(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
  version: MappingVersion,
  file: ReceivedMapping,
): Promise<CrashMapping> {
  const fileName = `${version.id}-${randomUUID()}.txt`;
  await rename(file.path, mappingPath(ctx.uploads, fileName));
  const stored = await ctx.db
    .transaction(async (tx) => {
      const result = await upsertCrashMapping(tx, {
        otaVersionId: version.id,
        appVersion: version.version,
        fileName,
        fileSize: file.size,
        checksum: file.sha256,
        classCount: file.classCount,
        uploadedBy: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'ota.mapping_uploaded',
        entityType: 'ota_version',
        entityId: version.id,
        before: null,
        after: { mappingChecksum: file.sha256 },
      });
      return result;
    })
    .catch(async (error: unknown) => {
      await rm(mappingPath(ctx.uploads, fileName), { force: true });
      throw error;
    });
  if (stored.replacedFileName) {
    await rm(mappingPath(ctx.uploads, stored.replacedFileName), { force: true });
  }
  mappingOfVersion.delete(version.version);
  return presentMapping(stored.row);
}

/** The mappings of the given OTA versions, by version id (the versions list shows them). */
export async function mappingsOfVersions(
  db: DbExecutor,
  otaVersionIds: string[],
): Promise<Map<string, CrashMapping>> {
  const rows = await findCrashMappings(db, otaVersionIds);
  return new Map(rows.map((row) => [row.otaVersionId, presentMapping(row)]));
}

/** The stored mapping file of a version, for its download; 404 when it has none. */
export async function findMappingDownload(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  version: MappingVersion,
): Promise<StoredFile> {
  const row = await findCrashMapping(ctx.db, version.id);
  if (!row) throw notFound(crashMappingMessages.notFound);
  const name = `mapping-${version.version.replace(/[^A-Za-z0-9.+-]/g, '')}.txt`;
  return {
    directory: mappingDirectory(ctx.uploads),
    fileName: row.fileName,
    headers: {
      'X-Checksum-SHA256': row.checksum,
      'Content-Disposition': `attachment; filename="${name}"`,
    },
    options: {
      contentType: 'text/plain; charset=utf-8',
      etag: `"${row.checksum}"`,
      cacheControl: 'private, no-cache',
    },
  };
}

/**
 * Deletes a version's mapping and its file, audited; 404 when it has none. Reports already
 * retraced keep their readable stacks and groups.
 */
export async function removeMapping(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
  version: MappingVersion,
): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const deleted = await deleteCrashMapping(tx, version.id);
    if (!deleted) throw notFound(crashMappingMessages.notFound);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'ota.mapping_deleted',
      entityType: 'ota_version',
      entityId: version.id,
      before: { mappingChecksum: deleted.checksum },
      after: null,
    });
    return deleted;
  });
  await rm(mappingPath(ctx.uploads, row.fileName), { force: true });
  mappingOfVersion.delete(version.version);
}

/**
 * For a version being deleted (its mapping row goes with it by a foreign key): a function that
 * deletes its mapping file, to call after commit.
 */
export async function mappingFileRemoval(
  db: DbExecutor,
  uploads: AppContext['uploads'],
  otaVersionId: string,
): Promise<() => Promise<void>> {
  const row = await findCrashMapping(db, otaVersionId);
  return async () => {
    if (row) await rm(mappingPath(uploads, row.fileName), { force: true });
  };
}

/**
 * The readable form of a stack sent from `appVersion`, or null when that version has no mapping
 * (or the report no stack). The mapping row is read at most every few seconds per version and
 * the parsed index is held, so intake stays a lookup and a retrace.
 */
export async function readableStackFor(
  ctx: Pick<AppContext, 'db' | 'uploads' | 'logger'>,
  appVersion: string | null,
  stackTrace: string | null | undefined,
): Promise<string | null> {
  if (!appVersion || !stackTrace) return null;
  let mapping = mappingOfVersion.get(appVersion);
  if (mapping === undefined) {
    mapping = (await findCrashMappingOfAppVersion(ctx.db, appVersion)) ?? false;
    mappingOfVersion.set(appVersion, mapping);
  }
  if (!mapping) return null;
  const index = await loadMappingIndex(ctx, appVersion, mapping);
  return index ? retraceStack(index, stackTrace).readable : null;
}

/**
 * The parsed index of a version's stored mapping, or null when its file cannot be read (a data
 * folder restored without it): the report is then kept as sent, never refused for it.
 */
export async function loadMappingIndex(
  ctx: Pick<AppContext, 'uploads' | 'logger'>,
  appVersion: string,
  mapping: { fileName: string; checksum: string },
): Promise<R8MappingIndex | null> {
  try {
    return await mappingIndex(ctx.uploads, mapping);
  } catch (error) {
    ctx.logger.error(
      { err: error, appVersion },
      'the mapping file of an app version is unreadable',
    );
    return null;
  }
}
