import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import {
  consoleBuildInfoSchema,
  updateMessages,
  type ConsoleBuildAsset,
  type ConsoleBuildInfo,
} from '@patrol/contracts';
import type { Logger } from 'pino';

/** Written into the console's dist folder by its build (apps/console/build/build-info.ts). */
export const buildInfoFileName = 'build-info.json';

/** Why the served build cannot be downloaded: a file is missing or does not match its checksum. */
export class ConsoleBuildError extends Error {
  override readonly name = 'ConsoleBuildError';
}

/**
 * The console build the server serves, from build-info.json in `consoleDist`, read on every call:
 * a deploy replaces the folder under a running server. Null when there is no build (development,
 * tests) or its build-info.json is unreadable, which is logged.
 */
export async function readServedBuild(
  consoleDist: string,
  logger?: Pick<Logger, 'warn'>,
): Promise<ConsoleBuildInfo | null> {
  let text: string;
  try {
    text = await readFile(join(consoleDist, buildInfoFileName), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      logger?.warn({ err: error }, 'the console build information could not be read');
    }
    return null;
  }
  try {
    const parsed = consoleBuildInfoSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    logger?.warn({ issues: parsed.error.issues }, 'the console build information is invalid');
  } catch (error) {
    logger?.warn({ err: error }, 'the console build information is not JSON');
  }
  return null;
}

/** An asset's file, refused when its path would leave the dist folder (a tampered build-info). */
export function assetFile(consoleDist: string, asset: ConsoleBuildAsset): string {
  const root = resolve(consoleDist);
  const file = resolve(root, asset.path);
  if (!file.startsWith(root + sep)) throw new ConsoleBuildError(`Invalid asset path ${asset.path}`);
  return file;
}

/** The asset's URL as the browser requests it from the server that serves the console. */
export function assetUrl(asset: ConsoleBuildAsset): string {
  return `/${asset.path.replace(/\\/g, '/').replace(/^\/+/, '')}`;
}

/**
 * Bytes of the build's files as they are on disk; null while any is missing (a deploy still
 * copying them), so no update is offered before it can be downloaded.
 */
export async function measureBuild(
  consoleDist: string,
  build: ConsoleBuildInfo,
): Promise<number | null> {
  let total = 0;
  for (const asset of build.assets) {
    try {
      total += (await stat(assetFile(consoleDist, asset))).size;
    } catch {
      return null;
    }
  }
  return total;
}

/** Throws ConsoleBuildError naming the first file of the build that is missing. */
export async function requireAllAssets(consoleDist: string, build: ConsoleBuildInfo) {
  for (const asset of build.assets) {
    const found = await stat(assetFile(consoleDist, asset)).catch(() => null);
    if (!found?.isFile()) throw new ConsoleBuildError(updateMessages.buildIncomplete(asset.path));
  }
}

/**
 * Reads every file of the build from disk, streaming, and checks each against its size and
 * SHA-256 from build-info.json; `onProgress` hears the bytes verified so far. Stops early (without
 * error) once `signal` aborts; throws ConsoleBuildError for a missing or damaged file.
 */
export async function verifyBuild(
  consoleDist: string,
  build: ConsoleBuildInfo,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  await requireAllAssets(consoleDist, build);
  const total = build.assets.reduce((sum, asset) => sum + asset.size, 0);
  let loaded = 0;
  for (const asset of build.assets) {
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of createReadStream(assetFile(consoleDist, asset), { signal })) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        loaded += bytes.length;
        onProgress(Math.min(loaded, total), total);
      }
    } catch (error) {
      if (signal.aborted) return;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ConsoleBuildError(updateMessages.buildIncomplete(asset.path));
      }
      throw error;
    }
    if (size !== asset.size || `sha256-${hash.digest('base64')}` !== asset.integrity) {
      throw new ConsoleBuildError(updateMessages.buildCorrupt(asset.path));
    }
  }
}
