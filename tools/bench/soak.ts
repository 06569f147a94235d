import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTcpProxy } from '../../apps/api/test/tcp-proxy';
import { ensureScaleDatabase, openTarget, scaleTarget } from '../seed-scale/scale-database';
import { childPids, probeReady, rssMiB } from './cluster-workers';
import { latencyOf } from './load';
import { startApi } from './processes';
import { markdownTable, ms, type Figure } from './report';
import { prepareSoakData, startSoakTraffic, type SoakKind, type SoakRequest } from './soak-traffic';
import { benchStaffToken } from './staff-token';

const workers = 2;
/** Ten loops of at most ten requests a second: a steady load well below what two workers serve. */
const loops = 10;
const intervalMs = 100;
const sampleEveryMs = 2_000;
const apiLog = fileURLToPath(new URL('results/soak-api.log', import.meta.url));
/** Memory may grow this much from the start (after warm-up) to the end before it counts as growth. */
const allowedGrowth = 1.2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
  const cutAt = (durationMs - cutMs) / 2;
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
  const data = await prepareSoakData(setup, await benchStaffToken(setup, jwtSecret)).finally(() =>
    setup.close(),
  );

  const databaseUrl = new URL(target.databaseUrl);
  const proxy = await startTcpProxy({
    host: databaseUrl.hostname,
    port: Number(databaseUrl.port || 5432),
  });
  databaseUrl.host = `127.0.0.1:${proxy.port}`;
  writeFileSync(apiLog, '');
  const api = await startApi(
    {
      JWT_SECRET: jwtSecret,
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
    const logo = (await (
      await fetch(`${api.url}/api/settings/logo`, { headers: staff })
    ).json()) as {
      logo: unknown;
    };
    const traffic = startSoakTraffic(api.url, data, { loops, intervalMs });
    const memory: { at: number; pid: number; mib: number }[] = [];
    const sample = () => {
      for (const pid of childPids(api.pid)) {
        const mib = rssMiB(pid);
        if (mib !== undefined) memory.push({ at: traffic.now(), pid, mib });
      }
    };
    sample();
    const sampler = setInterval(sample, sampleEveryMs);

    await sleep(cutAt - traffic.now());
    options.log(`  cutting the database for ${seconds(cutMs)}`);
    const cutStart = traffic.now();
    proxy.setMode('cut');
    const readyDuringCut: number[] = [];
    while (traffic.now() < cutStart + cutMs) {
      readyDuringCut.push((await probeReady(api.port, pids)).status);
      await sleep(1_000);
    }
    proxy.setMode('pass');
    const reopenedAt = traffic.now();
    options.log('  database back; waiting for every worker to answer /ready');
    const recovery = new Map<number, number>();
    while (recovery.size < pids.length && traffic.now() < durationMs) {
      const probe = await probeReady(api.port, pids);
      if (probe.status === 200 && probe.pid && !recovery.has(probe.pid)) {
        recovery.set(probe.pid, traffic.now() - reopenedAt);
      }
      await sleep(100);
    }
    const recoveredAt =
      recovery.size === pids.length ? reopenedAt + Math.max(...recovery.values()) : Infinity;

    await sleep(durationMs - traffic.now());
    clearInterval(sampler);
    sample();
    const requests = await traffic.stop();
    const pidsAfter = childPids(api.pid);
    // The data set is shared: leave it without a logo when it had none (the soak uploads some).
    if (logo.logo === null) {
      await fetch(`${api.url}/api/settings/logo`, { method: 'DELETE', headers: staff });
    }

    const label = `${options.scale}x PostgreSQL, WORKERS=${workers}`;
    const figures: Figure[] = [
      ...requestFigures(requests, { start: cutStart, end: recoveredAt }),
      {
        name: `/ready during the cut (${readyDuringCut.length} probes)`,
        value: countsOf(readyDuringCut),
        goal: 'not 200 (the cut is seen)',
        pass: !readyDuringCut.includes(200),
      },
      {
        name: 'recovery after the cut: /ready 200 from each worker',
        value: pids
          .map((pid) => `${pid}: ${recovery.has(pid) ? seconds(recovery.get(pid)!) : 'never'}`)
          .join(', '),
        goal: 'by itself, no worker replaced',
        pass: recoveredAt !== Infinity && sameMembers(pids, pidsAfter),
      },
      ...memoryFigures(memory, pids, { warmUpEnd: durationMs / 10, cutStart }),
    ].map((figure) => ({ config: label, ...figure }));
    const series = pids.map(
      (pid) =>
        `- worker ${pid} RSS (MiB) every ${durationMs / 10 / 1000} s: ` +
        everyTenth(memory.filter((entry) => entry.pid === pid)).join(', '),
    );
    return [
      `Soak of ${options.minutes} min, ${new Date().toISOString().slice(0, 10)}: ${loops} loops of ` +
        `at most ${1000 / intervalMs} requests a second against ${workers} workers on ` +
        `${options.scale}x PostgreSQL (through a TCP proxy) and Redis; the database cut from ` +
        `${seconds(cutStart)} to ${seconds(reopenedAt)}. "During the cut" counts requests that ` +
        'overlapped it or the recovery after it.',
      '',
      markdownTable(figures),
      '',
      ...series,
    ].join('\n');
  } finally {
    await api.stop();
    await proxy.close();
  }
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

/** One row per kind and one for all: requests, errors outside and during the cut, p95 outside. */
function requestFigures(requests: SoakRequest[], cut: { start: number; end: number }) {
  const duringCut = (request: SoakRequest) =>
    request.startedAt < cut.end && request.endedAt > cut.start;
  const failed = (request: SoakRequest) => request.status === 0 || request.status >= 400;
  const kinds = [...new Set(requests.map((request) => request.kind))].sort();
  return [...kinds, 'all' as const].map((kind) => {
    const ofKind = requests.filter((request) => kind === 'all' || request.kind === kind);
    const outside = ofKind.filter((request) => !duringCut(request));
    const errorsOutside = outside.filter(failed);
    const errorsDuring = ofKind.filter((request) => duringCut(request) && failed(request));
    const { p95 } = latencyOf(outside.map((request) => request.endedAt - request.startedAt));
    // Which answers failed: each kind's outside the cut, and all kinds' during it.
    const statusesOf = (failures: SoakRequest[], shown = true) =>
      shown && failures.length ? ` (${countsOf(failures.map((request) => request.status))})` : '';
    return {
      name: `${kind === 'all' ? 'all requests' : (kind satisfies SoakKind)}: count, errors outside / during the cut, p95 outside`,
      value:
        `${ofKind.length}, ${errorsOutside.length}${statusesOf(errorsOutside)} / ` +
        `${errorsDuring.length}${statusesOf(errorsDuring, kind === 'all')}, ${ms(p95)}`,
      goal: 'no errors outside the cut',
      pass: errorsOutside.length === 0,
    };
  });
}

/** Per worker: memory after the warm-up, just before the cut and at the end. */
function memoryFigures(
  memory: { at: number; pid: number; mib: number }[],
  pids: number[],
  times: { warmUpEnd: number; cutStart: number },
) {
  return pids.map((pid) => {
    const own = memory.filter((entry) => entry.pid === pid);
    const start = own.find((entry) => entry.at >= times.warmUpEnd) ?? own[0];
    const middle = own.filter((entry) => entry.at < times.cutStart).at(-1) ?? start;
    const end = own.at(-1);
    const mib = (entry?: { mib: number }) => (entry ? entry.mib.toFixed(0) : 'n/a');
    return {
      name: `worker ${pid} RSS at start / middle / end`,
      value: `${mib(start)} / ${mib(middle)} / ${mib(end)} MiB`,
      goal: `no steady growth (end <= ${allowedGrowth} x start)`,
      pass: start !== undefined && end !== undefined && end.mib <= allowedGrowth * start.mib,
    };
  });
}

/** e.g. "503 x 58, 0 x 2". */
function countsOf(values: number[]): string {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} x ${count}`).join(', ') || 'none';
}

function sameMembers(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/** Eleven samples spread evenly over the run, in MiB. */
function everyTenth(samples: { mib: number }[]): string[] {
  if (samples.length === 0) return [];
  return Array.from({ length: 11 }, (_, n) =>
    samples[Math.round((n * (samples.length - 1)) / 10)]!.mib.toFixed(0),
  );
}
