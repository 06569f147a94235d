import { describe, expect, it } from 'vitest';
import { summarizeSoak, type SoakRun } from './soak-summary';
import { routeOf, type SoakRequest } from './soak-traffic';

/** `count` answers of `route`, each taking `ms`, spread over the first minute (before the cut). */
function answers(route: string, count: number, ms: number, status = 200): SoakRequest[] {
  return Array.from({ length: count }, (_, n) => ({
    kind: 'clients list',
    route,
    startedAt: n * 100,
    endedAt: n * 100 + ms,
    status,
  }));
}

function run(requests: SoakRequest[]): SoakRun {
  return {
    minutes: 5,
    scale: 1,
    load: 'test load',
    pids: [1],
    pidsAfter: [1],
    requests,
    memory: { rss: [], heap: [] },
    cut: {
      start: 200_000,
      reopenedAt: 210_000,
      readyDuringCut: [503],
      recovery: new Map([[1, 500]]),
    },
  };
}

const rowOf = (summary: string, route: string) =>
  summary.split('\n').find((line) => line.includes(`| ${route}:`));

describe('routeOf', () => {
  it('names the method and the path, ids as {id}, without the query', () => {
    expect(routeOf({ path: '/api/business/invoices?page=3', init: {} })).toBe(
      'GET /api/business/invoices',
    );
    expect(
      routeOf({
        path: '/api/business/invoices/0b5f3c1e-8a4d-4e6f-9b2a-1c3d5e7f9a0b/process-payment',
        init: { method: 'PUT' },
      }),
    ).toBe('PUT /api/business/invoices/{id}/process-payment');
  });
});

describe('summarizeSoak', () => {
  it('gives each route its p95 outside the cut, and holds list reads to 100 ms', () => {
    const summary = summarizeSoak(
      run([
        ...answers('GET /api/clients', 200, 40),
        ...answers('GET /api/business/invoices', 200, 140),
        ...answers('POST /api/device/heartbeat', 200, 140),
      ]),
    );
    expect(rowOf(summary, 'GET /api/clients')).toMatch(
      /200, 0 \/ 0, 40\.0 ms \| no errors outside the cut, p95 <= 100 ms \| yes \|/,
    );
    expect(rowOf(summary, 'GET /api/business/invoices')).toMatch(
      /140\.0 ms \| no errors outside the cut, p95 <= 100 ms \| NO \|/,
    );
    // A write is held to no errors only.
    expect(rowOf(summary, 'POST /api/device/heartbeat')).toMatch(
      /140\.0 ms \| no errors outside the cut \| yes \|/,
    );
  });

  it('fails a route with errors outside the cut', () => {
    const summary = summarizeSoak(run(answers('GET /api/licences', 150, 10, 500)));
    expect(rowOf(summary, 'GET /api/licences')).toMatch(/150, 150 \(500 x 150\)/);
    expect(rowOf(summary, 'GET /api/licences')).toMatch(/\| NO \|$/);
  });
});
