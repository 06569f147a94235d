import {
  billingInsightLimits,
  type AgingBuckets,
  type ReportAgingSection,
} from '@patrol/contracts';
import { fromSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import {
  agingBucketTotals,
  agingOfClients,
  bucketNames,
  clientsOwingMost,
  type BucketName,
  type BucketRow,
  type ClientAgingRow,
} from './aging.repo';
import { byText, mostSenFirst } from './ranking';

// The aging is as of a day, whatever the report's period. The buckets and the clients owing most
// come from roll-ups kept on write (aging.repo.ts), so a report reads a page of clients and the
// export walks every owing client a page at a time, never every invoice at once.

export { bucketNames };

/** Owing clients read per page while exporting: bounded memory whatever the number owing. */
export const agingExportPageSize = 1000;

type AgingDetail = ReportAgingSection['details'][number];

const ringgit = (senText: string) => fromSen(Number(senText));

function presentBuckets(rows: Record<BucketName, BucketRow>): AgingBuckets {
  const bucket = (row: BucketRow) => ({ count: row.count, amount: ringgit(row.amountSen) });
  return {
    current: bucket(rows.current),
    thirty: bucket(rows.thirty),
    sixty: bucket(rows.sixty),
    ninety: bucket(rows.ninety),
  };
}

const presentClient = (row: ClientAgingRow): AgingDetail => ({
  name: row.name,
  totalOutstanding: ringgit(row.totalSen),
  buckets: presentBuckets(row),
});

/** A client as client_owing_totals keys it: its id, or 'name:' and its printed name when deleted. */
const clientKey = (row: ClientAgingRow) => row.clientId ?? `name:${row.orphanName ?? ''}`;

/** Most owed first, then by name, then by the client's key. */
function mostOwedFirst(a: ClientAgingRow, b: ClientAgingRow): number {
  return (
    mostSenFirst(a.totalSen, b.totalSen) ||
    byText(a.name, b.name) ||
    byText(clientKey(a), clientKey(b))
  );
}

/** A page of the clients owing most (below `below` when given), ranked, and the next cursor. */
async function agingPage(db: DbExecutor, today: string, size: number, below?: string) {
  const owing = await clientsOwingMost(db, size, below);
  const rows = (await agingOfClients(db, owing, today)).sort(mostOwedFirst);
  return { rows, next: owing.length >= size ? owing[owing.length - 1]!.outstanding : undefined };
}

/** The aging a report shows as of `today`: the four buckets and the clients owing most. */
export async function agingOnScreen(db: DbExecutor, today: string): Promise<ReportAgingSection> {
  const shown = billingInsightLimits.agingClientsShown;
  const [buckets, page] = await Promise.all([
    agingBucketTotals(db, today),
    agingPage(db, today, shown),
  ]);
  return {
    buckets: presentBuckets(buckets),
    details: page.rows.slice(0, shown).map(presentClient),
  };
}

/** The aging an export writes: the four buckets, and every owing client as the file reads them. */
export interface AgingOfEveryClient {
  buckets: AgingBuckets;
  details: AsyncIterable<AgingDetail>;
}

/**
 * Every owing client's aging as of `today`, most owed first. The buckets and a first page as small
 * as the screen's (so the file starts as soon as a report would) are read before this answers: a
 * database that fails fails the request, not the file half-written.
 */
export async function agingOfEveryClient(
  db: DbExecutor,
  today: string,
  pageSize = agingExportPageSize,
): Promise<AgingOfEveryClient> {
  const [buckets, first] = await Promise.all([
    agingBucketTotals(db, today),
    agingPage(db, today, Math.min(pageSize, billingInsightLimits.agingClientsShown)),
  ]);
  // The next page is read while this one is written: two pages in memory at most.
  async function* details() {
    for (let page = first; ;) {
      const next = page.next === undefined ? undefined : agingPage(db, today, pageSize, page.next);
      // A download abandoned before it is awaited must not leave an unhandled rejection behind.
      next?.catch(() => undefined);
      yield* page.rows.map(presentClient);
      if (!next) return;
      page = await next;
    }
  }
  return { buckets: presentBuckets(buckets), details: details() };
}
