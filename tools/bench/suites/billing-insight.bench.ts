import { computeBusinessStats } from '../../../apps/api/src/modules/business-reports/business-stats.service';
import { computeReport } from '../../../apps/api/src/modules/business-reports/reports.service';
import { defineSuite } from '../bench-context';
import { measureLatency } from '../load';

const seconds = 5;

/** Median and 95th percentile of `runs` sequential calls, in ms. */
async function timeRuns(runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(runs / 2)]!,
    p95: times[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!,
    requests: runs,
    errors: 0,
  };
}

/**
 * The billing dashboard and reports (issue 13) over the scale's three years of billing: the
 * dashboard statistics and the reports as served (from their short-lived caches under 10
 * connections) and as computed (uncached, one at a time, in-process before the API starts), and
 * the year's exports.
 */
export const billingInsightSuite = defineSuite({
  name: 'billing insight',
  async prepare(database) {
    await computeBusinessStats(database.db);
    return {
      uncached: await timeRuns(20, () => computeBusinessStats(database.db)),
      monthReport: await timeRuns(10, () => computeReport(database.db, { dateRange: 'month' })),
      yearReport: await timeRuns(10, () => computeReport(database.db, { dateRange: 'year' })),
    };
  },
  async run(context, { uncached, monthReport, yearReport }) {
    const { api, token } = context;
    context.latency('dashboard-stats aggregates, uncached (in-process)', uncached);
    context.latency('report of this month, uncached (in-process)', monthReport);
    context.latency('report of this year, uncached (in-process)', yearReport);
    const requests: [string, string, number?][] = [
      ['dashboard-stats', '/api/business/dashboard-stats'],
      ['reports, last 7 days', '/api/business/reports?type=overview&dateRange=week'],
      ['reports, this month', '/api/business/reports?type=financial&dateRange=month'],
      ['reports, this quarter', '/api/business/reports?type=aging&dateRange=quarter'],
      ['reports, this year', '/api/business/reports?type=performance&dateRange=year'],
      [
        'xlsx export of the year (financial)',
        '/api/business/reports/export/financial?dateRange=year',
        2,
      ],
      [
        'xlsx export, aging of every client',
        '/api/business/reports/export/aging?dateRange=year',
        2,
      ],
    ];
    for (const [name, path, connections] of requests) {
      context.log(`  ${name}`);
      const figures = await measureLatency({
        url: `${api.url}${path}`,
        connections: connections ?? 10,
        durationSeconds: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      context.latency(name, figures);
    }
  },
});
