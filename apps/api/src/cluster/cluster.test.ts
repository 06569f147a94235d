import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/http';
import { createThrowawayServerDatabase } from '../../test/test-database';

const mainModule = join(import.meta.dirname, '..', 'main.ts');
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Starts the API's entry point (through tsx, as `npm start` runs the built one) with `env`. */
function startApi(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrol-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', mainModule], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      CONSOLE_DIST: dataDir,
      JWT_SECRET: 'cluster-test-secret-cluster-test-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    child,
    exited,
    output: () => output,
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The pids of a process's children, from /proc. */
function childrenOf(child: ChildProcess): number[] {
  const pid = child.pid!;
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('WORKERS', () => {
  it('refuses several workers on the embedded database, saying what is needed', async () => {
    const api = startApi({ WORKERS: '2', PORT: String(await freePort()) });
    try {
      expect(await api.exited).toBe(1);
      expect(api.output()).toContain(
        'WORKERS=2 needs a PostgreSQL server (DATABASE_URL): the embedded database admits one process.',
      );
    } finally {
      api.cleanUp();
    }
  }, 30_000);

  describe.skipIf(!serverUrl || !redisUrl)('on PostgreSQL and Redis', () => {
    const cleanUps: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanUp of cleanUps.reverse()) await cleanUp();
    });

    it('runs two workers on one port, replaces one that dies, and stops on SIGTERM', async () => {
      const database = await createThrowawayServerDatabase(serverUrl!);
      cleanUps.push(() => database.drop());
      const port = await freePort();
      const api = startApi({
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
      });
      cleanUps.push(() => {
        if (api.child.exitCode === null) api.child.kill('SIGKILL');
        api.cleanUp();
      });

      await eventually(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined);
        return response?.status === 200 ? true : undefined;
      }, 'the API to be ready');
      // Taken once the API answers, so a worker replaced while starting is not taken for one of
      // the two that run.
      const first = await eventually(() => {
        const workers = childrenOf(api.child);
        return workers.length === 2 ? workers : undefined;
      }, 'two workers');

      process.kill(first[0]!, 'SIGKILL');
      const replaced = await eventually(() => {
        const workers = childrenOf(api.child);
        return workers.length === 2 && !workers.includes(first[0]!) ? workers : undefined;
      }, 'a replacement worker');
      // The primary's log says why, should the other worker have gone too.
      expect(replaced, api.output()).toContain(first[1]);
      const health = await eventually(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        return response?.status === 200 ? response.status : undefined;
      }, 'health after the replacement');
      expect(health).toBe(200);

      api.child.kill('SIGTERM');
      // Every worker drained and closed, then the primary: a clean exit.
      expect(await api.exited).toBe(0);
    }, 90_000);
  });
});
