import type { Request } from 'autocannon';

/** Fewer distinct requests than this do not look like many staff at once. */
export const minDistinctRequests = 50;

/**
 * Every combination of the query parts given, one axis after another, on `path` (a part of ''
 * adds nothing): combine('/api/x', ['page=1', 'page=2'], ['', 'search=a']) gives four paths.
 */
export function combine(path: string, ...axes: readonly (readonly string[])[]): string[] {
  let paths = [path];
  for (const axis of axes) {
    paths = paths.flatMap((start) =>
      axis.map((part) => (part ? `${start}${start.includes('?') ? '&' : '?'}${part}` : start)),
    );
  }
  return [...new Set(paths)];
}

/** `page=from` to `page=to`. */
export function pageParts(from: number, to: number): string[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => `page=${from + index}`);
}

/** Each field sorted both ways. */
export function sortParts(fields: readonly string[]): string[] {
  return fields.flatMap((field) => [
    `sortBy=${field}&sortOrder=desc`,
    `sortBy=${field}&sortOrder=asc`,
  ]);
}

/** `name=value` for each value, after '' (no filter). */
export function filterParts(name: string, values: readonly string[]): string[] {
  return ['', ...values.map((value) => `${name}=${encodeURIComponent(value)}`)];
}

/** The same order on every run, different for every list (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const result = [...items];
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

/** Requests that vary like many staff at once, and what they tell about the answer cache. */
export interface Rotation {
  /** One autocannon request that takes the next path of the rotation each time it is sent. */
  request: Request & { setupRequest: (request: Request, context: object) => Request };
  distinct: number;
  /**
   * e.g. "350 distinct, 12% within 1 s of the same": the share of requests sent within
   * `repeatWindowMs` of the same request, which the API's answer cache may have answered.
   */
  describe(): string;
}

/**
 * Sends `paths` in a fixed shuffled order, so concurrent connections ask different pages, terms
 * and sorts. Refuses fewer than `minDistinctRequests` distinct paths.
 */
export function rotation(
  paths: readonly string[],
  options: { headers?: Record<string, string>; repeatWindowMs?: number; seed?: number } = {},
): Rotation {
  const distinct = [...new Set(paths)];
  if (distinct.length < minDistinctRequests) {
    throw new Error(
      `A rotation needs at least ${minDistinctRequests} distinct requests, got ${distinct.length}`,
    );
  }
  const order = shuffled(distinct, options.seed ?? distinct.length);
  const windowMs = options.repeatWindowMs ?? 1_000;
  const lastSent = new Map<string, number>();
  let sent = 0;
  let repeats = 0;
  return {
    distinct: distinct.length,
    request: {
      method: 'GET',
      path: order[0]!,
      setupRequest: (request) => {
        const path = order[sent % order.length]!;
        const now = performance.now();
        const last = lastSent.get(path);
        if (last !== undefined && now - last < windowMs) repeats += 1;
        lastSent.set(path, now);
        sent += 1;
        return { ...request, path, headers: { ...request.headers, ...options.headers } };
      },
    },
    describe: () =>
      `${distinct.length} distinct, ${sent ? Math.round((100 * repeats) / sent) : 0}% within ` +
      `${windowMs / 1000} s of the same`,
  };
}
