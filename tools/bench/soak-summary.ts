import { latencyOf, tailOf } from './load';
import { markdownTable, ms, type Figure } from './report';
import type { SoakRequest } from './soak-traffic';

/**
 * How much a worker's live heap may grow from the first third of the run (after a warm-up tenth) to
 * the last before it counts as growth. Heap used is read at random points of the collector's saw
 * tooth, so each third is judged by its lowest reading: what survived the last collection.
 */
const allowedGrowth = 1.2;

export interface MemorySample {
  at: number;
  pid: number;
  mib: number;
}

/** What a soak saw; every time is in ms from the start of its traffic. */
export interface SoakRun {
  minutes: number;
  scale: number;
  /** e.g. "10 loops of at most 10 requests a second". */
  load: string;
  /** The workers when the traffic started, and when it ended (a replaced worker has a new pid). */
  pids: number[];
  pidsAfter: number[];
  requests: SoakRequest[];
  memory: { rss: MemorySample[]; heap: MemorySample[] };
  cut: {
    start: number;
    reopenedAt: number;
    /** /ready's statuses while the database was away. */
    readyDuringCut: number[];
    /** Per worker, ms from reopening to its first /ready 200. */
    recovery: Map<number, number>;
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const failed = (request: SoakRequest) => request.status === 0 || request.status >= 400;

/** The soak's summary as markdown: a table with the goals beside the figures, then memory over time. */
export function summarizeSoak(run: SoakRun): string {
  const { cut, pids } = run;
  const durationMs = run.minutes * 60_000;
  const recoveredAt =
    cut.recovery.size === pids.length
      ? cut.reopenedAt + Math.max(...cut.recovery.values())
      : Infinity;
  const firstAnswerAfter = run.requests
    .filter((request) => request.startedAt >= cut.reopenedAt && !failed(request))
    .reduce((first, request) => Math.min(first, request.endedAt), Infinity);
  const figures: Omit<Figure, 'config'>[] = [
    ...requestFigures(run.requests, { start: cut.start, end: recoveredAt }),
    {
      id: 'soak.ready-during-cut',
      name: `/ready during the cut (${cut.readyDuringCut.length} probes)`,
      value: countsOf(cut.readyDuringCut),
      goal: 'not 200 (the cut is seen)',
      pass: !cut.readyDuringCut.includes(200),
    },
    {
      id: 'soak.recovery',
      name: 'recovery: /ready 200 from each worker, after reopening',
      value:
        pids
          .map(
            (pid) => `${pid}: ${cut.recovery.has(pid) ? seconds(cut.recovery.get(pid)!) : 'never'}`,
          )
          .join(', ') +
        `; first request answered after ${seconds(firstAnswerAfter - cut.reopenedAt)}`,
      goal: 'by itself, no worker replaced',
      pass: recoveredAt !== Infinity && sameMembers(pids, run.pidsAfter),
    },
    ...memoryFigures(run, durationMs),
  ];
  const label = `${run.scale}x PostgreSQL, WORKERS=${pids.length}`;
  const series = pids.flatMap((pid) =>
    (['rss', 'heap'] as const).map(
      (kind) =>
        `- worker ${pid} ${kind === 'rss' ? 'RSS' : 'heap used'} (MiB), eleven samples over the run: ` +
        everyTenth(run.memory[kind].filter((entry) => entry.pid === pid)).join(', '),
    ),
  );
  return [
    `Soak of ${run.minutes} min, ${new Date().toISOString().slice(0, 10)}: ${run.load} against ` +
      `${pids.length} workers on ${run.scale}x PostgreSQL (through a TCP proxy) and Redis; the ` +
      `database cut from ${seconds(cut.start)} to ${seconds(cut.reopenedAt)}. "During the cut" ` +
      'counts the requests that overlapped it or the recovery after it.',
    '',
    markdownTable(figures.map((figure) => ({ config: label, ...figure }))),
    '',
    ...series,
  ].join('\n');
}

/** The goal for a list read under the soak's load (about 100 requests a second with writes). */
const listReadGoalMs = 100;

/** Per route and for all requests: count, errors outside and during the cut, p95 outside it. */
function requestFigures(requests: SoakRequest[], cut: { start: number; end: number }) {
  const duringCut = (request: SoakRequest) =>
    request.startedAt < cut.end && request.endedAt > cut.start;
  const routes = [...new Set(requests.map((request) => request.route))].sort();
  return [...routes, 'all' as const].map((route) => {
    const ofRoute = requests.filter((request) => route === 'all' || request.route === route);
    const outside = ofRoute.filter((request) => !duringCut(request));
    const errorsOutside = outside.filter(failed);
    const errorsDuring = ofRoute.filter((request) => duringCut(request) && failed(request));
    const tail = tailOf(latencyOf(outside.map((request) => request.endedAt - request.startedAt)));
    const listRead = route.startsWith('GET ');
    // Which answers failed: each route's outside the cut, and all routes' during it.
    const statusesOf = (failures: SoakRequest[], shown = true) =>
      shown && failures.length ? ` (${countsOf(failures.map((request) => request.status))})` : '';
    return {
      id: `soak.${route}`,
      name: `${route === 'all' ? 'all requests' : route}: count, errors outside / during the cut, ${tail.label} outside`,
      value:
        `${ofRoute.length}, ${errorsOutside.length}${statusesOf(errorsOutside)} / ` +
        `${errorsDuring.length}${statusesOf(errorsDuring, route === 'all')}, ${ms(tail.value)}`,
      goal: listRead
        ? `no errors outside the cut, p95 <= ${listReadGoalMs} ms`
        : 'no errors outside the cut',
      pass: errorsOutside.length === 0 && (!listRead || tail.value <= listReadGoalMs),
    };
  });
}

/**
 * Per worker: RSS after the warm-up, just before the cut and at the end; and the lowest heap used
 * of the first, middle and last third of the run, which judges growth.
 */
function memoryFigures(run: SoakRun, durationMs: number) {
  const warmUpEnd = durationMs / 10;
  return run.pids.map((pid, index) => {
    const rss = run.memory.rss.filter((entry) => entry.pid === pid);
    const heap = run.memory.heap.filter((entry) => entry.pid === pid);
    const rssAt = [
      rss.find((entry) => entry.at >= warmUpEnd),
      rss.filter((entry) => entry.at < run.cut.start).at(-1),
      rss.at(-1),
    ];
    const lowestHeap = [warmUpEnd, durationMs / 3, (2 * durationMs) / 3].map((from, third) => {
      const until = ((third + 1) * durationMs) / 3;
      const within = heap.filter((entry) => entry.at >= from && entry.at < until);
      return within.length ? Math.min(...within.map((entry) => entry.mib)) : undefined;
    });
    const mib = (value?: number) => (value === undefined ? 'n/a' : value.toFixed(0));
    const [first, , last] = lowestHeap;
    return {
      id: `soak.worker-${index + 1}.memory`,
      name: `worker ${pid}: RSS at start / middle / end; lowest heap used in each third`,
      value:
        `${rssAt.map((entry) => mib(entry?.mib)).join(' / ')} MiB; ` +
        `${lowestHeap.map(mib).join(' / ')} MiB`,
      goal: `no steady growth (heap: last third <= ${allowedGrowth} x first)`,
      pass: first !== undefined && last !== undefined && last <= allowedGrowth * first,
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
