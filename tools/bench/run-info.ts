import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { appInfo } from '@patrol/contracts';

/** Where and on what a run measured: the header of the table, so figures are never read bare. */
export interface RunInfo {
  date: string;
  machine: string;
  versions: string;
  commit: string;
}

function git(root: string, args: string): string | undefined {
  try {
    return execSync(`git ${args}`, { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

/** The checked-out commit, and whether the tree measured differs from it. */
function commitOf(root: string): string {
  const commit = git(root, 'rev-parse --short=12 HEAD');
  if (!commit) return 'unknown (not a git checkout)';
  const subject = git(root, 'log -1 --format=%s') ?? '';
  const dirty = git(root, 'status --porcelain --untracked-files=no');
  const shortSubject = subject.length > 80 ? `${subject.slice(0, 77)}...` : subject;
  return `${commit} (${shortSubject})${dirty ? ', with uncommitted changes' : ''}`;
}

function packageVersion(root: string, name: string): string {
  try {
    const manifest = JSON.parse(
      readFileSync(`${root}/node_modules/${name}/package.json`, 'utf8'),
    ) as { version: string };
    return manifest.version;
  } catch {
    return 'unknown';
  }
}

/** The Redis server's version from `INFO server`, or undefined when it does not answer in 2 s. */
export function redisVersion(url: string): Promise<string | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname || '127.0.0.1');
    let text = '';
    const done = (version: string | undefined) => {
      socket.destroy();
      resolve(version);
    };
    socket.setTimeout(2_000, () => done(undefined));
    socket.on('error', () => done(undefined));
    socket.on('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const match = /redis_version:([^\r\n]+)/.exec(text);
      if (match) done(match[1]);
    });
  });
}

/** The 1-minute load average: other work sharing the machine shows here before the bench adds its own. */
export const currentLoad = () => loadavg()[0] ?? 0;

/**
 * The run's date, machine, versions and commit; `databases` names each server version seen, and
 * `loadAtStart` the load average before the run, since every figure shares the CPU with it.
 */
export function runInfo(
  root: string,
  databases: { postgres?: string; redis?: string },
  loadAtStart: number,
  when = new Date(),
): RunInfo {
  const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return {
    date: `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine:
      `${cpus().length} cores (${cpuModel}), ${Math.round(totalmem() / 2 ** 30)} GiB of memory, ` +
      `load average ${loadAtStart.toFixed(1)} when the run started`,
    versions: [
      `Patrol Management Console ${appInfo.version}`,
      `Node.js ${process.version}`,
      `PostgreSQL ${databases.postgres ?? 'not used'}`,
      `PGlite ${packageVersion(root, '@electric-sql/pglite')}`,
      `Redis ${databases.redis ?? 'not reached'}`,
      `autocannon ${packageVersion(root, 'autocannon')}`,
    ].join(', '),
    commit: commitOf(root),
  };
}
