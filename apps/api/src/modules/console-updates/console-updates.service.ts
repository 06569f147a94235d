import {
  updateMessages,
  type ConsoleBuildInfo,
  type DashboardApplyBody,
  type DashboardApplyResponse,
  type DashboardDownloadEvent,
  type DashboardDownloadQuery,
  type DashboardUpdateCheckQuery,
  type DashboardUpdateCheckResponse,
  type OtaChannel,
  type UpdateChannelResponse,
} from '@patrol/contracts';
import type { AppContext } from '../../http/app-context';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import type { EventStream } from '../../http/event-stream';
import { recordAudit } from '../audit/audit.service';
import {
  ConsoleBuildError,
  assetUrl,
  measureBuild,
  readServedBuild,
  requireAllAssets,
  verifyBuild,
} from './console-build';
import { findUpdateChannel, saveUpdateChannel } from './console-updates.repo';

type DashboardDeps = Pick<AppContext, 'db' | 'config' | 'logger'>;

/** A beta build reaches only installations on the beta channel; a stable one reaches every one. */
function offeredOn(build: ConsoleBuildInfo, channel: OtaChannel): boolean {
  return build.channel === 'stable' || channel === 'beta';
}

/**
 * GET /api/ota/dashboard/check: whether the console build the server serves differs from the one
 * the browser runs (`current`), and is offered on this installation's channel, with its size read
 * from the files on disk. No update while the server serves no build or a file of it is missing.
 */
export async function checkDashboardUpdate(
  ctx: DashboardDeps,
  query: DashboardUpdateCheckQuery,
): Promise<DashboardUpdateCheckResponse> {
  const [served, channel] = await Promise.all([
    readServedBuild(ctx.config.consoleDist, ctx.logger),
    findUpdateChannel(ctx.db),
  ]);
  const currentVersion = query.version ?? query.current;
  const newer = served && served.buildId !== query.current && offeredOn(served, channel);
  const updateSize = newer ? await measureBuild(ctx.config.consoleDist, served) : null;
  const hasUpdate = updateSize !== null;
  return {
    success: true,
    currentVersion,
    latestVersion: served?.version ?? currentVersion,
    hasUpdate,
    updateSize: updateSize ?? 0,
    releaseNotes: hasUpdate ? served!.releaseNotes : '',
    channel,
    currentBuild: query.current,
    latestBuild: served?.buildId ?? null,
    builtAt: served?.builtAt ?? null,
  };
}

async function requireServedBuild(ctx: DashboardDeps): Promise<ConsoleBuildInfo> {
  const served = await readServedBuild(ctx.config.consoleDist, ctx.logger);
  if (!served) throw conflict(updateMessages.noBuildServed);
  return served;
}

/**
 * GET /api/ota/dashboard/download, before its stream: the served build to verify. 409 when no
 * build is served or it is the one loaded.
 */
export async function buildToDownload(
  ctx: DashboardDeps,
  query: DashboardDownloadQuery,
): Promise<ConsoleBuildInfo> {
  const served = await requireServedBuild(ctx);
  if (served.buildId === query.current) throw conflict(updateMessages.nothingToApply);
  return served;
}

/**
 * GET /api/ota/dashboard/download, its stream: every file of the served build is read from disk
 * and checked against its SHA-256: `progress` as the bytes go by, then `complete` with the files
 * for the browser to fetch, or `error`.
 */
export async function verifyDownload(
  ctx: DashboardDeps,
  served: ConsoleBuildInfo,
  { send, signal }: EventStream<DashboardDownloadEvent>,
): Promise<void> {
  let lastPercent = -1;
  try {
    await verifyBuild(
      ctx.config.consoleDist,
      served,
      (loaded, total) => {
        const progress = total === 0 ? 100 : Math.floor((loaded / total) * 100);
        if (progress === lastPercent) return;
        lastPercent = progress;
        send({ type: 'progress', progress, loaded, total });
      },
      signal,
    );
    if (signal.aborted) return;
    if (lastPercent < 100) send({ type: 'progress', progress: 100 });
    send({
      type: 'complete',
      build: served.buildId,
      version: served.version,
      assets: served.assets.map((asset) => ({
        url: assetUrl(asset),
        size: asset.size,
        integrity: asset.integrity,
      })),
    });
  } catch (error) {
    if (error instanceof ConsoleBuildError) {
      send({ type: 'error', message: error.message });
    } else {
      ctx.logger.error({ err: error }, 'reading the console build for an update failed');
      send({ type: 'error', message: 'The new console build could not be read.' });
    }
  }
}

/**
 * POST /api/ota/dashboard/apply: ready when the build the browser downloaded is still the one
 * served, whole; it then reloads into it. 409 when no build is served, the browser already runs
 * it, a newer one replaced it meanwhile, or a file of it has gone.
 */
export async function applyDashboardUpdate(
  ctx: DashboardDeps,
  body: DashboardApplyBody,
): Promise<DashboardApplyResponse> {
  const served = await requireServedBuild(ctx);
  if (served.buildId === body.current) throw conflict(updateMessages.nothingToApply);
  if (served.buildId !== body.build) throw conflict(updateMessages.buildSuperseded);
  try {
    await requireAllAssets(ctx.config.consoleDist, served);
  } catch (error) {
    if (error instanceof ConsoleBuildError) throw conflict(error.message);
    throw error;
  }
  return {
    success: true,
    message: updateMessages.ready(served.version),
    ready: true,
    version: served.version,
    build: served.buildId,
  };
}

/** POST /api/ota/dashboard/channel: stores this installation's update channel, audited. */
export async function changeUpdateChannel(
  ctx: Pick<AppContext, 'db'>,
  actor: AuthUser,
  channel: OtaChannel,
): Promise<UpdateChannelResponse> {
  await ctx.db.transaction(async (tx) => {
    const before = await findUpdateChannel(tx, { forUpdate: true });
    await saveUpdateChannel(tx, channel, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'settings.update_channel_changed',
      entityType: 'settings',
      entityId: 'console-update-channel',
      before: { channel: before },
      after: { channel },
    });
  });
  return { success: true, message: updateMessages.channelChanged(channel), channel };
}
