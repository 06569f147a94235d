import {
  crashMappingMessages,
  mappingMaxBytes,
  otaMessages,
  type CrashMappingResponse,
  type MessageResponse,
} from '@patrol/contracts';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import type { StoredFile } from '../../storage/stored-file';
import { removeFile, type ReceiveUpload } from '../../storage/uploads';
import {
  findMappingDownload,
  mappingDirectory,
  readR8MappingSummary,
  removeMapping,
  storeMapping,
  type MappingVersion,
} from '../crash-reports/crash-mappings.service';
import { findVersion } from './ota.repo';

type MappingDeps = Pick<AppContext, 'db' | 'uploads'>;

async function releaseOf(ctx: MappingDeps, id: string): Promise<MappingVersion> {
  const release = await findVersion(ctx.db, id);
  if (!release) throw notFound(otaMessages.versionNotFound);
  return { id: release.id, version: release.version };
}

/**
 * POST /api/ota/versions/{id}/mapping: the multipart field `mapping` is streamed to disk and
 * hashed, checked line by line in a parser worker, and stored as the release's R8/ProGuard
 * mapping (replacing an earlier one). Any refusal deletes the file.
 */
export async function uploadMapping(
  ctx: MappingDeps,
  actor: AuthUser,
  id: string,
  receive: ReceiveUpload,
): Promise<CrashMappingResponse> {
  const release = await releaseOf(ctx, id);
  const { file } = await receive({
    directory: mappingDirectory(ctx.uploads),
    field: 'mapping',
    maxBytes: mappingMaxBytes,
    tooLargeMessage: crashMappingMessages.tooLarge,
    missingMessage: crashMappingMessages.fileRequired,
  });
  try {
    const summary = await readR8MappingSummary(file.path);
    const mapping = await storeMapping(ctx, actor, release, {
      path: file.path,
      size: file.size,
      sha256: file.sha256,
      classCount: summary.classCount,
    });
    return { success: true, message: crashMappingMessages.uploaded(release.version), mapping };
  } finally {
    await removeFile(file.path);
  }
}

/** GET /api/ota/versions/{id}/mapping: the release's mapping file; 404 without one. */
export async function findMappingFile(ctx: MappingDeps, id: string): Promise<StoredFile> {
  return findMappingDownload(ctx, await releaseOf(ctx, id));
}

/** DELETE /api/ota/versions/{id}/mapping. */
export async function deleteMapping(
  ctx: MappingDeps,
  actor: AuthUser,
  id: string,
): Promise<MessageResponse> {
  await removeMapping(ctx, actor, await releaseOf(ctx, id));
  return { success: true, message: crashMappingMessages.deleted };
}
