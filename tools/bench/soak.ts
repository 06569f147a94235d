import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTcpProxy, type TcpProxy } from '../../apps/api/test/tcp-proxy';
import { ensureScaleDatabase, openTarget, scaleTarget } from '../seed-scale/scale-database';
import type { ClusterInfoResponse } from '@patrol/contracts';
import { childPids, probeReady, rssMiB } from './cluster-workers';
import { startApi, type ApiServer } from './processes';
import { summarizeSoak, type SoakRun } from './soak-summary';
import { createSignInAccounts } from './soak-sign-in';
import { prepareSoakData, soakSignInAccounts, startSoakTraffic } from './soak-traffic';
import { benchStaffToken } from './staff-token';

const workers = 2;
/** Ten loops of at most ten requests a second: a steady load well below what two workers serve. */
const loops = 10;
const intervalMs = 100;
const sampleEveryMs = 2_000;
/** Heap figures come from the API, which each worker refreshes every 5 s. */
const heapEveryMs = 10_000;
const apiLog = fileURLToPath(new URL('results/soak-api.log', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SoakOptions {
  scale: number;
  serverUrl?: string;
  redisUrl: string;
  minutes: number;
  log(line: string): void;
}

/**
 * The soak (issue 16): a steady mixed load against WORKERS=2 on PostgreSQL (through a TCP proxy
 * in this process) and Redis; in the middle the proxy cuts the database for a minute (10 s in runs
 * shorter than 5 minutes), then lets it through again. Answers the summary as markdown: requests
 * and errors by kind outside and during the cut, /ready during the cut, how long each worker took
 * to answer /ready again, and each worker's memory at start, middle and end.
 */
export async function runSoak(options: SoakOptions): Promise<string> {
  const durationMs = options.minutes * 60_000;
  const cutMs = options.minutes >= 5 ? 60_000 : 10_000;
  const { target, data } = await prepare(options);
  const databaseUrl = new URL(target.databaseUrl);
  const proxy = await startTcpProxy({
    host: databaseUrl.hostname,
    port: Number(databaseUrl.port || 5432),
  });
  databaseUrl.host = `127.0.0.1:${proxy.port}`;
  writeFileSync(apiLog, '');
  const api = await startApi(
    {
      JWT_SECRET: data.jwtSecret,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: options.redisUrl,
      WORKERS: String(workers),
    },
    { logFile: apiLog },
  ).catch(async (error: unknown) => {
    await proxy.close();
    throw error;
  });
  try {
    const pids = await untilEveryWorkerAnswers(api.port, api.pid);
    options.log(`soak: ${options.minutes} min against workers ${pids.join(', ')} (log: ${apiLog})`);
    const staff = { authorization: `Bearer ${data.token}` };
    const hadLogo = (await (
      await fetch(`${api.url}/api/settings/logo`, { headers: staff })
    ).json()) as {
      logo: unknown;
    };
    const traffic = startSoakTraffic(api.url, data, { loops, intervalMs });
    const sampler = sampleMemory(api, data.token, traffic.now);

    await sleep((durationMs - cutMs) / 2 - traffic.now());
    options.log(`  cutting the database for ${cutMs / 1000} s`);
    const cut = await cutDatabase(proxy, api.port, pids, traffic.now, cutMs, durationMs);

    await sleep(durationMs - traffic.now());
    const memory = sampler.stop();
    const requests = await traffic.stop();
    const pidsAfter = childPids(api.pid);
    // The data set is shared: leave it without a logo when it had none (the soak uploads some).
    if (hadLogo.logo === null) {
      await fetch(`${api.url}/api/settings/logo`, { method: 'DELETE', headers: staff });
    }
    return summarizeSoak({
      minutes: options.minutes,
      scale: options.scale,
      load: `${loops} loops of at most ${1000 / intervalMs} requests a second`,
      pids,
      pidsAfter,
      requests,
      memory,
      cut,
    });
  } finally {
    await api.stop();
    await proxy.close();
  }
}

/** Seeds the scale if needed, inserts the run's staff user and reads what the traffic needs. */
async function prepare(options: SoakOptions) {
  const scale = {
    scale: options.scale,
    dialect: 'postgres' as const,
    serverUrl: options.serverUrl,
  };
  await ensureScaleDatabase({ ...scale, log: options.log });
  const target = scaleTarget(scale);
  if (target.dialect !== 'postgres') throw new Error('the soak needs PostgreSQL');
  const jwtSecret = randomBytes(32).toString('hex');
  const setup = await openTarget(target);
  try {
    const token = await benchStaffToken(setup, jwtSecret);
    const accounts = await createSignInAccounts(setup, jwtSecret, soakSignInAccounts);
    return { target, data: { ...(await prepareSoakData(setup, token, accounts)), jwtSecret } };
  } finally {
    await setup.close();
  }
}

/**
 * Cuts every connection to the database for `cutMs`, probing /ready each second, then lets it
 * through again and probes until each worker has answered 200 (or the run's end, `untilMs`).
 */
async function cutDatabase(
  proxy: TcpProxy,
  port: number,
  pids: number[],
  now: () => number,
  cutMs: number,
  untilMs: number,
): Promise<SoakRun['cut']> {
  const start = now();
  proxy.setMode('cut');
  const readyDuringCut: number[] = [];
  while (now() < start + cutMs) {
    readyDuringCut.push((await probeReady(port, pids)).status);
    await sleep(1_000);
  }
  proxy.setMode('pass');
  const reopenedAt = now();
  const recovery = new Map<number, number>();
  while (recovery.size < pids.length && now() < untilMs) {
    const probe = await probeReady(port, pids);
    if (probe.status === 200 && probe.pid && !recovery.has(probe.pid)) {
      recovery.set(probe.pid, now() - reopenedAt);
    }
    await sleep(100);
  }
  return { start, reopenedAt, readyDuringCut, recovery };
}

/**
 * Samples each worker's memory until stop(): its RSS from /proc every 2 s, and every 10 s its heap
 * used as it reports it (GET /api/system/cluster; none while the database is cut).
 */
function sampleMemory(api: ApiServer, token: string, now: () => number) {
  const memory: SoakRun['memory'] = { rss: [], heap: [] };
  const readHeaps = async (at: number) => {
    try {
      const response = await fetch(`${api.url}/api/system/cluster`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) return;
      const { data } = (await response.json()) as ClusterInfoResponse;
      for (const worker of data.workers) {
        memory.heap.push({ at, pid: worker.pid, mib: worker.memory.heapUsed / 2 ** 20 });
      }
    } catch {
      // No answer this time.
    }
  };
  let lastHeapAt = -Infinity;
  const sample = () => {
    const at = now();
    for (const pid of childPids(api.pid)) {
      const mib = rssMiB(pid);
      if (mib !== undefined) memory.rss.push({ at, pid, mib });
    }
    if (at - lastHeapAt >= heapEveryMs) {
      lastHeapAt = at;
      void readHeaps(at);
    }
  };
  sample();
  const timer = setInterval(sample, sampleEveryMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return memory;
    },
  };
}

/** Resolves with the workers' pids once each has answered /ready on a connection of its own. */
async function untilEveryWorkerAnswers(port: number, primaryPid: number): Promise<number[]> {
  const answered = new Set<number>();
  for (let attempt = 0; attempt < 600; attempt++) {
    const pids = childPids(primaryPid);
    const probe = await probeReady(port, pids);
    if (probe.status === 200 && probe.pid) answered.add(probe.pid);
    if (pids.length === workers && pids.every((pid) => answered.has(pid))) return pids;
    await sleep(100);
  }
  throw new Error(`the ${workers} workers did not all answer /ready within a minute`);
}
