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

/** A clock whose timers run only when the test moves it on. */
function fakeClock() {
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let nextId = 0;
  return {
    now: () => now,
    setTimeout(callback: () => void, ms: number) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(timer: unknown) {
      timers.delete(timer as number);
    },
    /** How long until the next timer is due. */
    nextTimer() {
      return Math.min(...[...timers.values()].map((timer) => timer.at)) - now;
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
  };
}

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
    const clock = fakeClock();
    const { pool, running, die } = fakePool();
    const supervisor = superviseWorkers(pool, 3, quiet, clock);
    expect([...running.keys()]).toEqual([1, 2, 3]);
    clock.advance(60_000);
    die(2);
    expect([...running.keys()]).toEqual([1, 3, 4]);
    expect(supervisor.size()).toBe(3);
  });

  it('passes SIGTERM on to every worker and settles when all have exited', async () => {
    const { pool, running } = fakePool();
    const supervisor = superviseWorkers(pool, 2, quiet, fakeClock());
    await supervisor.stop('SIGTERM');
    expect(running.size).toBe(0);
    // Exits during the stop are not replaced.
    expect(supervisor.size()).toBe(0);
  });

  it('waits longer before each restart while workers keep dying at start, then goes on', () => {
    const clock = fakeClock();
    const { pool, running, die } = fakePool();
    superviseWorkers(pool, 1, quiet, clock);
    // Each replacement dies at once (the database is down): 1 s, 2 s, 4 s, 8 s... 30 s at most.
    const waits: number[] = [];
    for (let death = 0; death < 7; death += 1) {
      die([...running.keys()][0]!);
      expect(running.size).toBe(0);
      const wait = clock.nextTimer();
      waits.push(wait);
      clock.advance(wait);
      expect(running.size).toBe(1);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    // A worker that lived a while resets the count: the next one is replaced at once.
    clock.advance(60_000);
    die([...running.keys()][0]!);
    expect(running.size).toBe(1);
  });

  it('cancels a pending restart when stopped', async () => {
    const clock = fakeClock();
    const { pool, running, die } = fakePool();
    const supervisor = superviseWorkers(pool, 1, quiet, clock);
    die(1);
    await supervisor.stop('SIGTERM');
    clock.advance(5_000);
    expect(running.size).toBe(0);
  });
});
