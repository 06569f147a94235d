import { sql } from 'drizzle-orm';
import { measureLatency } from '../load';
import { defineSuite } from '../bench-context';

const seconds = 5;

/**
 * Page requests of the client area (issue 9): p50/p95 at 10 connections. The busiest client (the
 * most licences) and a rare one are picked from the data set.
 */
export const clientAreaSuite = defineSuite({
  name: 'client area',
  async prepare(database) {
    const [busiest] = (
      await database.db.execute<{ company_id: string; licence_count: number }>(
        sql`select company_id, licence_count from clients order by licence_count desc limit 1`,
      )
    ).rows;
    const [counts] = (
      await database.db.execute<{ clients: number }>(
        sql`select count(*)::int as clients from clients`,
      )
    ).rows;
    return {
      big: busiest!.company_id,
      bigLicences: busiest!.licence_count,
      lastPage: Math.max(1, Math.ceil((counts?.clients ?? 1) / 10)),
    };
  },
  async run(context, { big, bigLicences, lastPage }) {
    const { api, token } = context;
    const rare = 'SCALE-000123';
    const requests: [string, string, number?][] = [
      ['dashboard', '/api/clients/dashboard'],
      ['clients page 1', '/api/clients?page=1'],
      ['clients search common ("penang")', '/api/clients?search=penang'],
      [`clients search rare ("${rare}")`, `/api/clients?search=${rare}`],
      [`clients last page (${lastPage})`, `/api/clients?page=${lastPage}`],
      [`one client (${bigLicences} licences)`, `/api/clients/${big}`],
      ['its licences, page 1', `/api/clients/${big}/licences?page=1`],
      ['its licences, bound, page 3', `/api/clients/${big}/licences?status=bound&page=3`],
      ['licences page (client cards)', '/api/licences?page=1'],
      ['activity feed', '/api/activity?limit=10'],
      ['activity feed of one client', `/api/activity?limit=10&companyId=${rare}`],
      ['clients CSV export (all)', '/api/clients?exportCsv=1', 2],
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
