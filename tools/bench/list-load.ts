import type { BenchContext, LatencyRow } from './bench-context';
import { measureLatency, measureThroughput } from './load';
import { rotation } from './rotation';

const seconds = 5;

/** Words of the scale data's client names, contacts and towns: what staff type in a search. */
export const searchTerms = [
  'penang',
  'kuala lumpur',
  'johor',
  'kawalan',
  'pengawal',
  'sentinel',
  'perisai',
  'benteng',
  'guardian',
  'aman',
  'setia',
  'security',
  'patrol',
  'protection',
  'guards',
  'services',
  'nur aina',
  'farid',
  'mei ling',
  'rajesh',
  'siti',
] as const;

const staffHeaders = (context: BenchContext) => ({ authorization: `Bearer ${context.token}` });

/** One identical request repeated at `connections`: a "cached" row, without a goal. */
export async function measureRepeated(
  context: BenchContext,
  row: Omit<LatencyRow, 'cached'>,
  path: string,
  connections = 10,
): Promise<void> {
  context.log(`  ${row.name} (repeated)`);
  const figures = await measureLatency({
    url: `${context.api.url}${path}`,
    connections,
    durationSeconds: seconds,
    headers: staffHeaders(context),
  });
  context.latency({ ...row, cached: true }, figures);
}

/** `paths` in rotation at `connections`, as many staff asking at once: the row the goal is on. */
export async function measureVaried(
  context: BenchContext,
  row: Omit<LatencyRow, 'cached' | 'note'>,
  paths: readonly string[],
  connections = 10,
): Promise<void> {
  const varied = rotation(paths, { headers: staffHeaders(context) });
  context.log(`  ${row.name} (${varied.distinct} distinct requests)`);
  const figures = await measureLatency({
    url: context.api.url,
    connections,
    durationSeconds: seconds,
    headers: staffHeaders(context),
    requests: [varied.request],
  });
  context.latency({ ...row, note: varied.describe() }, figures);
}

/** Requests a second of `paths` in rotation (or one path repeated) at `connections`. */
export async function listThroughput(
  context: BenchContext,
  paths: readonly string[],
  options: { connections: number; durationSeconds: number },
): Promise<{ rps: number; errors: number; describe: string }> {
  if (paths.length === 1) {
    const result = await measureThroughput({
      url: `${context.api.url}${paths[0]}`,
      ...options,
      headers: staffHeaders(context),
    });
    return { ...result, describe: 'one request repeated' };
  }
  const varied = rotation(paths, { headers: staffHeaders(context) });
  const result = await measureThroughput({
    url: context.api.url,
    ...options,
    headers: staffHeaders(context),
    requests: [varied.request],
  });
  return { ...result, describe: varied.describe() };
}
