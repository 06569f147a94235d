import { newClientWindowDays } from '@patrol/contracts';
import { dayMs } from '@patrol/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  inArray,
  like,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { DirectoryTotals } from '../../http/app-context';
import { likePattern } from '../../db/like-pattern';
import { countUpTo, withCappedCount, type CappedCountPage } from '../../db/page-count';
import { prepared } from '../../db/prepared';
import { clientActiveCounts, clients, type ClientRow, type NewClientRow } from '../../db/schema';

/** Which clients a list or an export covers, and in what order. */
export interface ClientFilter {
  search?: string;
  active?: boolean;
  sortBy: 'companyName' | 'createdAt';
  sortOrder: 'asc' | 'desc';
}

function filterCondition(filter: Pick<ClientFilter, 'search' | 'active'>): SQL | undefined {
  return and(
    // Lowercase on both sides: search_text is stored lowercased, and LIKE is cheaper than ILIKE.
    filter.search ? like(clients.searchText, likePattern(filter.search.toLowerCase())) : undefined,
    filter.active === undefined ? undefined : eq(clients.active, filter.active),
  );
}

/** The sort key (lower(company_name) has its own index) with the id as a stable tie-breaker. */
function sortKey(sortBy: ClientFilter['sortBy']): SQL {
  return sortBy === 'companyName' ? sql`lower(${clients.companyName})` : sql`${clients.createdAt}`;
}

function ordering(filter: ClientFilter): SQL[] {
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  return [direction(sortKey(filter.sortBy)), direction(clients.id)];
}

type PageRequest = ClientFilter & { page: number; limit: number };

/**
 * A page of the directory or of its active or inactive clients (no search), of `total` clients. A
 * page in the second half is read from the other end of the sort index and turned around, so no
 * page walks more than half the clients; the walk reads ids only and the page's rows are then read
 * by id. Each shape is a prepared statement.
 */
export async function findDirectoryPage(
  db: DbExecutor,
  request: PageRequest,
  total: number,
): Promise<ClientRow[]> {
  const offset = (request.page - 1) * request.limit;
  if (offset >= total) return [];
  const rows = Math.min(request.limit, total - offset);
  const { sortBy, sortOrder, active } = request;
  const readPage = (order: ClientFilter['sortOrder'], from: number) =>
    directoryPage(db, sortBy, order, active !== undefined).execute({
      limit: rows,
      offset: from,
      ...(active === undefined ? {} : { active }),
    });
  if (offset + rows / 2 <= total / 2) return readPage(sortOrder, offset);
  const fromEnd = await readPage(sortOrder === 'asc' ? 'desc' : 'asc', total - offset - rows);
  return fromEnd.reverse();
}

function directoryPage(
  db: DbExecutor,
  sortBy: ClientFilter['sortBy'],
  sortOrder: ClientFilter['sortOrder'],
  byState: boolean,
) {
  const name = `clients_page_${sortBy}_${sortOrder}${byState ? '_by_state' : ''}`;
  const order = ordering({ sortBy, sortOrder });
  return prepared(db, name, () => {
    const pageIds = db
      .select({ id: clients.id })
      .from(clients)
      .where(byState ? eq(clients.active, sql.placeholder('active')) : undefined)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .select()
      .from(clients)
      .where(inArray(clients.id, pageIds))
      .orderBy(...order)
      .prepare(name);
  });
}

/** A page of the clients matching a search or filter, without counting them. */
export function findFilteredRows(db: DbExecutor, request: PageRequest): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(filterCondition(request))
    .orderBy(...ordering(request))
    .limit(request.limit)
    .offset((request.page - 1) * request.limit);
}

/**
 * A page of clients matching a search or filter, and how many match: counted up to 1,000 past the
 * page (a common word or town matches a large share of the directory).
 */
export async function findFilteredPage(
  db: DbExecutor,
  request: PageRequest,
  countAhead?: number,
): Promise<CappedCountPage<ClientRow>> {
  const offset = (request.page - 1) * request.limit;
  return withCappedCount(
    await findFilteredRows(db, request),
    { offset, limit: request.limit, countAhead },
    (upTo) => countUpTo(db, clients, filterCondition(request), upTo),
  );
}

/**
 * The directory's client counts: all and active from the counts the clients' triggers keep
 * (migration 0050, two rows), the new ones a range of clients_created_at_idx.
 */
export async function countClients(
  db: DbExecutor,
  now: Date,
): Promise<Pick<DirectoryTotals, 'totalClients' | 'activeClients' | 'newThisMonth'>> {
  const newSince = new Date(now.getTime() - newClientWindowDays * dayMs);
  const counts = clientActiveCounts;
  const [row] = await db
    .select({
      totalClients: sql<number>`coalesce(sum(${counts.clients}), 0)`.mapWith(Number),
      activeClients:
        sql<number>`coalesce(sum(${counts.clients}) filter (where ${counts.active}), 0)`.mapWith(
          Number,
        ),
      newThisMonth: sql<number>`(select count(*) from ${clients}
        where ${clients.createdAt} >= ${newSince.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(counts);
  return {
    totalClients: row?.totalClients ?? 0,
    activeClients: row?.activeClients ?? 0,
    newThisMonth: row?.newThisMonth ?? 0,
  };
}

/** A client by its business key. */
export async function findClientByCompanyId(
  db: DbExecutor,
  companyId: string,
): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.companyId, companyId)).limit(1);
  return row;
}

/** A client by row id. */
export async function findClientById(db: DbExecutor, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

/** Same as findClientByCompanyId, locking the row until the transaction ends. */
export async function findClientByCompanyIdForUpdate(
  db: DbExecutor,
  companyId: string,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(eq(clients.companyId, companyId))
    .limit(1)
    .for('update');
  return row;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A client by row id or by companyId (the status call accepts either), locked for update. A value
 * that is not a UUID is never compared with the uuid column, where PostgreSQL would reject it.
 */
export async function findClientByIdOrCompanyIdForUpdate(
  db: DbExecutor,
  idOrCompanyId: string,
): Promise<ClientRow | undefined> {
  const byCompanyId = eq(clients.companyId, idOrCompanyId);
  const [row] = await db
    .select()
    .from(clients)
    .where(
      uuidPattern.test(idOrCompanyId)
        ? or(eq(clients.id, idOrCompanyId), byCompanyId)
        : byCompanyId,
    )
    .limit(1)
    .for('update');
  return row;
}

/** Inserts a client; a duplicate companyId raises the unique violation of clients_company_id_unique. */
export async function insertClient(db: DbExecutor, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row!;
}

/** Updates a client's editable fields (never companyId) and stamps updatedAt. */
export async function updateClientRow(
  db: DbExecutor,
  id: string,
  values: Partial<
    Pick<ClientRow, 'companyName' | 'contactPerson' | 'email' | 'phone' | 'address' | 'active'>
  >,
): Promise<ClientRow> {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(clients.id, id))
    .returning();
  return row!;
}

/** Deletes a client; its licences go with it (ON DELETE CASCADE). */
export async function deleteClientRow(db: DbExecutor, id: string): Promise<void> {
  await db.delete(clients).where(eq(clients.id, id));
}

/** The newest clients (the dashboard's Recent Clients). */
export function findNewestClients(db: DbExecutor, limit: number): Promise<ClientRow[]> {
  return db.select().from(clients).orderBy(desc(clients.createdAt), desc(clients.id)).limit(limit);
}

/** How many clients were added from `from` up to, not including, `until` (the reports' count). */
export async function countClientsCreated(
  db: DbExecutor,
  from: Date,
  until: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(clients)
    .where(
      sql`${clients.createdAt} >= ${from.toISOString()}::timestamptz and ${clients.createdAt} < ${until.toISOString()}::timestamptz`,
    );
  return row?.count ?? 0;
}

/** One CSV row's worth of a client, with where the next batch starts. */
export type ClientExportRow = {
  id: string;
  companyId: string;
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  active: boolean;
  licenceCount: number;
  /** ISO 8601 in UTC to the millisecond, as Date.toISOString() writes it. */
  createdAt: string;
  /** The sort key as text (timestamps keep their microseconds). */
  cursor: string;
};

/**
 * The next `limit` clients of an export after `after` (keyset paging, so each batch is an index
 * range rather than an ever-growing OFFSET). Only the exported columns, as the driver reads them:
 * mapping whole rows through the query builder took most of an export's time.
 */
export async function findClientExportBatch(
  db: DbExecutor,
  filter: ClientFilter,
  after: { cursor: string; id: string } | undefined,
  limit: number,
): Promise<ClientExportRow[]> {
  const key = sortKey(filter.sortBy);
  const cursorValue =
    filter.sortBy === 'companyName' ? sql`${after?.cursor}` : sql`${after?.cursor}::timestamptz`;
  const [beyond, beyondOrAt] = filter.sortOrder === 'asc' ? [sql`>`, sql`>=`] : [sql`<`, sql`<=`];
  // Written as "key beyond-or-at the cursor, and past it or past the id" rather than a row
  // comparison, so that the single-column index on the sort key bounds the scan.
  const afterCursor = after
    ? sql`${key} ${beyondOrAt} ${cursorValue} and (${key} ${beyond} ${cursorValue} or ${clients.id} ${beyond} ${after.id}::uuid)`
    : undefined;
  const result = await db.execute<ClientExportRow>(sql`
    select ${clients.id} as "id", ${clients.companyId} as "companyId",
      ${clients.companyName} as "companyName", ${clients.contactPerson} as "contactPerson",
      ${clients.email} as "email", ${clients.phone} as "phone", ${clients.address} as "address",
      ${clients.active} as "active", ${clients.licenceCount} as "licenceCount",
      to_char(${clients.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      ${key}::text as "cursor"
    from ${clients}
    where ${and(filterCondition(filter), afterCursor) ?? sql`true`}
    order by ${sql.join(ordering(filter), sql`, `)}
    limit ${limit}`);
  return result.rows;
}

/**
 * The name of the client whose company id is `companyId` (a column of the outer query, qualified
 * by its table), as a scalar subquery: a list that shows who its rows belong to reads the names in
 * its own statement.
 */
export function clientNameOfCompany(companyId: AnyColumn): SQL<string | null> {
  const column = (table: string, name: string) =>
    sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  const outer = column(getTableName(companyId.table), companyId.name);
  return sql<
    string | null
  >`(select ${column('named', clients.companyName.name)} from ${clients} as named
    where ${column('named', clients.companyId.name)} = ${outer})`;
}
