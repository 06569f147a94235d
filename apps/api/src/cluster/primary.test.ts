import { describe, expect, it } from 'vitest';
import { clusterRefusal, superviseWorkers, type WorkerPool } from './primary';

/** A pool of pretend workers: `die(id)` ends one as a crash would, kill() as a signal would. */
function fakePool() {
  let nextId = 0;
  const running = new Map<number, { kills: (string | undefined)[] }>();
  let onExit: Parameters<WorkerPool['on']>[1] = () => {};
  const pool: WorkerPool = {
    fork() {
      const id = (nextId += 1);
      const record = { kills: [] as (string | undefined)[] };
      running.set(id, record);
      return {
        id,
        process: { pid: 1000 + id },
        kill: (signal) => {
          record.kills.push(signal);
          running.delete(id);
          onExit({ id, process: { pid: 1000 + id } }, null, signal ?? 'SIGTERM');
        },
      };
    },
    on(_event, listener) {
      onExit = listener;
    },
  };
  const die = (id: number) => {
    running.delete(id);
    onExit({ id, process: { pid: 1000 + id } }, 1, null);
  };
  return { pool, running, die };
}

const quiet = { info: () => {}, warn: () => {} };

describe('clusterRefusal', () => {
  it.each([
    [{ workers: 1 }, undefined],
    [{ workers: 2, redisUrl: 'redis://r' }, /needs a PostgreSQL server \(DATABASE_URL\)/],
    [{ workers: 2, databaseUrl: 'postgres://p' }, /needs Redis \(REDIS_URL\)/],
    [{ workers: 2, databaseUrl: 'postgres://p', redisUrl: 'redis://r' }, undefined],
  ])('%j', (config, refusal) => {
    const answer = clusterRefusal(config);
    if (refusal) expect(answer).toMatch(refusal);
    else expect(answer).toBeUndefined();
  });
});

describe('superviseWorkers', () => {
  it('starts the workers and replaces one that dies', () => {
    let clock = 0;
    const { pool, running, die } = fakePool();
    const supervisor = superviseWorkers(pool, 3, quiet, () => clock);
    expect([...running.keys()]).toEqual([1, 2, 3]);
    clock = 60_000;
    die(2);
    expect([...running.keys()]).toEqual([1, 3, 4]);
    expect(supervisor.size()).toBe(3);
  });

  it('passes SIGTERM on to every worker and settles when all have exited', async () => {
    const { pool, running } = fakePool();
    const supervisor = superviseWorkers(pool, 2, quiet, () => 0);
    await supervisor.stop('SIGTERM');
    expect(running.size).toBe(0);
    // Exits during the stop are not replaced.
    expect(supervisor.size()).toBe(0);
  });

  it('gives up when workers keep dying right after they start', async () => {
    const { pool, die } = fakePool();
    const supervisor = superviseWorkers(pool, 1, quiet, () => 0);
    for (let id = 1; id <= 5; id += 1) die(id);
    await expect(supervisor.done).rejects.toThrow('workers keep dying at start');
  });
});
