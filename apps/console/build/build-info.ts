import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The file the API reads to learn which console build it serves (issue 15's update notices). */
export const buildInfoFileName = 'build-info.json';

/** What one build of the console is: stamped into the bundle and into build-info.json. */
export type ConsoleBuild = {
  version: string;
  buildId: string;
  channel: 'stable' | 'beta';
  releaseNotes: string;
};

/** A build id that differs on every build: when it was made, and a few random characters. */
export function createBuildId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** A pre-release version (1.2.0-beta.1, -alpha, -rc) is a beta build; any other is stable. */
export function channelOf(version: string): ConsoleBuild['channel'] {
  return /-(alpha|beta|rc)\b/i.test(version) ? 'beta' : 'stable';
}

/** The latest commit's subject, when the build runs in a git checkout; else nothing. */
function latestCommitSubject(): string {
  try {
    return execFileSync('git', ['log', '-1', '--pretty=%s'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/**
 * Describes this build: the version given, a fresh build id, the channel (CONSOLE_CHANNEL, else
 * from the version) and release notes (CONSOLE_RELEASE_NOTES, else the latest commit's subject).
 */
export function describeBuild(version: string, env = process.env): ConsoleBuild {
  const channel =
    env.CONSOLE_CHANNEL === 'beta' || env.CONSOLE_CHANNEL === 'stable'
      ? env.CONSOLE_CHANNEL
      : channelOf(version);
  return {
    version,
    buildId: createBuildId(),
    channel,
    releaseNotes: env.CONSOLE_RELEASE_NOTES ?? latestCommitSubject(),
  };
}

/**
 * Writes build-info.json beside index.html once the bundle is on disk: the build's version, id,
 * channel and notes, and every file it emitted (index.html aside) with its size and SHA-256 in
 * subresource-integrity form, so the API can tell a console that a newer build is served, and
 * verify it before the console fetches it.
 */
export function buildInfo(build: ConsoleBuild): Plugin {
  let outDir = 'dist';
  return {
    name: 'patrol-build-info',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const assets = [];
      for (const fileName of Object.keys(bundle).sort()) {
        if (fileName === 'index.html' || fileName.endsWith('.map')) continue;
        const content = await readFile(join(dir, fileName));
        assets.push({
          path: fileName.replace(/\\/g, '/'),
          size: content.length,
          integrity: `sha256-${createHash('sha256').update(content).digest('base64')}`,
        });
      }
      const info = { ...build, builtAt: new Date().toISOString(), assets };
      await writeFile(join(dir, buildInfoFileName), `${JSON.stringify(info, null, 2)}\n`);
    },
  };
}
