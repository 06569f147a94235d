import { sql } from 'drizzle-orm';
import { pageSizes } from '@patrol/contracts';
import type { Database } from '../../../apps/api/src/db/client';
import { csvRows, exportFigure, exportGoal, exportMeetsGoal, measureExport } from '../export-load';
import { measureLatency } from '../load';
import { defineSuite } from '../bench-context';
import { measureRepeated, measureVaried, searchTerms } from '../list-load';
import { combine, filterParts, pageParts, sortParts } from '../rotation';

const seconds = 5;
const rare = 'SCALE-000123';
const clientSorts = sortParts(['createdAt', 'companyName']);

/** The pages a list of `count` rows has, at least one. */
const pagesOf = (count: number) => Math.max(1, Math.ceil(count / pageSizes.clients));

/** How many clients the data set has, and how many of them are active: the list's pages. */
export async function clientCounts(database: Database): Promise<{ all: number; active: number }> {
  const [counts] = (
    await database.db.execute<{ total: number; active: number }>(
      sql`select count(*)::int as total, (count(*) filter (where active))::int as active from clients`,
    )
  ).rows;
  return { all: counts?.total ?? 1, active: counts?.active ?? 1 };
}

/**
 * The clients list as an office uses it: every page of the list, of the active and of the
 * inactive clients, each sorted four ways.
 */
export function clientListRotation(counts: { all: number; active: number }): string[] {
  const base = '/api/clients';
  return [
    ...combine(base, pageParts(1, pagesOf(counts.all)), clientSorts),
    ...combine(`${base}?active=true`, pageParts(1, pagesOf(counts.active)), clientSorts),
    ...combine(
      `${base}?active=false`,
      pageParts(1, pagesOf(counts.all - counts.active)),
      clientSorts,
    ),
  ];
}

/** Searches of the clients list: name words, towns and contacts, and clients looked up by id. */
export function clientSearchRotation(clients: number): string[] {
  const ids = Array.from(
    { length: 60 },
    (_, n) => `SCALE-${String(1 + ((n * 7919) % clients)).padStart(6, '0')}`,
  );
  return [
    ...combine(
      '/api/clients',
      filterParts('search', searchTerms).slice(1),
      pageParts(1, 2),
      clientSorts,
    ),
    ...combine('/api/clients', filterParts('search', ids).slice(1)),
  ];
}

/**
 * Page requests of the client area (issue 9): p50 and tail at 10 connections. The list and its
 * searches are measured varied (the goal) and as one request repeated (cached); the busiest
 * client (the most licences) and a rare one are picked from the data set.
 */
export const clientAreaSuite = defineSuite({
  name: 'client area',
  async prepare(database) {
    const [busiest] = (
      await database.db.execute<{ company_id: string; licence_count: number }>(
        sql`select company_id, licence_count from clients order by licence_count desc limit 1`,
      )
    ).rows;
    return {
      big: busiest!.company_id,
      bigLicences: busiest!.licence_count,
      counts: await clientCounts(database),
    };
  },
  async run(context, { big, bigLicences, counts }) {
    const { api, token } = context;
    const lastPage = pagesOf(counts.all);
    const requests: [string, string, string, number?][] = [
      ['dashboard', 'dashboard', '/api/clients/dashboard'],
      ['client.detail', `one client (${bigLicences} licences)`, `/api/clients/${big}`],
      ['client.licences.page-1', 'its licences, page 1', `/api/clients/${big}/licences?page=1`],
      [
        'client.licences.bound-page-3',
        'its licences, bound, page 3',
        `/api/clients/${big}/licences?status=bound&page=3`,
      ],
      ['licences.cards', 'licences page (client cards)', '/api/licences?page=1'],
      ['activity.feed', 'activity feed', '/api/activity?limit=10'],
      [
        'activity.feed.client',
        'activity feed of one client',
        `/api/activity?limit=10&companyId=${rare}`,
      ],
    ];
    for (const [id, name, path, connections] of requests) {
      context.log(`  ${name}`);
      const figures = await measureLatency({
        url: `${api.url}${path}`,
        connections: connections ?? 10,
        durationSeconds: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      context.latency({ id, name }, figures);
    }
    context.log('  clients CSV export');
    const csv = await measureExport({
      url: `${api.url}/api/clients?exportCsv=1`,
      headers: { authorization: `Bearer ${token}` },
      countRows: csvRows,
    });
    context.record({
      id: 'clients.csv-export',
      name: 'clients CSV export (all), one at a time (p50 of 5)',
      value: exportFigure(csv),
      goal: exportGoal,
      pass: exportMeetsGoal(csv, context.scale),
    });
    await measureVaried(
      context,
      { id: 'clients.list.varied', name: 'clients list, varied page, filter and sort' },
      clientListRotation(counts),
    );
    await measureVaried(
      context,
      { id: 'clients.search.varied', name: 'clients search, varied term, page and sort' },
      clientSearchRotation(counts.all),
    );
    await measureRepeated(
      context,
      { id: 'clients.page-1', name: 'clients page 1' },
      '/api/clients?page=1',
    );
    await measureRepeated(
      context,
      { id: 'clients.search.common', name: 'clients search common ("penang")' },
      '/api/clients?search=penang',
    );
    await measureRepeated(
      context,
      { id: 'clients.search.rare', name: `clients search rare ("${rare}")` },
      `/api/clients?search=${rare}`,
    );
    await measureRepeated(
      context,
      { id: 'clients.last-page', name: `clients last page (${lastPage})` },
      `/api/clients?page=${lastPage}`,
    );
  },
});
