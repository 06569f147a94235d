import { newClientWindowDays } from '@patrol/contracts';
import { dayMs } from '@patrol/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  clients,
  clientSearchText,
  licences,
  type ClientRow,
  type LicenceRow,
  type NewClientRow,
} from '../../db/schema';

/** Which clients a list or an export covers, and in what order. */
export interface ClientFilter {
  search?: string;
  active?: boolean;
  sortBy: 'companyName' | 'createdAt';
  sortOrder: 'asc' | 'desc';
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filterCondition(filter: Pick<ClientFilter, 'search' | 'active'>): SQL | undefined {
  return and(
    // The trigram index covers exactly this expression, so a substring search avoids a full scan.
    filter.search ? ilike(clientSearchText(clients), likePattern(filter.search)) : undefined,
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

/** One page of clients matching the filter, and how many match in all. */
export async function findClientsPage(
  db: DbExecutor,
  filter: ClientFilter & { page: number; limit: number },
): Promise<{ rows: ClientRow[]; totalCount: number }> {
  const where = filterCondition(filter);
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(...ordering(filter))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ value: count() }).from(clients).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** The licences of the given clients, oldest first, in one query. */
export function findLicencesOfClients(
  db: DbExecutor,
  clientIds: readonly string[],
): Promise<LicenceRow[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(licences)
    .where(inArray(licences.clientId, [...clientIds]))
    .orderBy(asc(licences.createdAt), asc(licences.id));
}

/** The directory-wide figures of the summary cards, from two aggregate queries. */
export async function clientDirectorySummary(db: DbExecutor, now: Date) {
  const newSince = new Date(now.getTime() - newClientWindowDays * dayMs).toISOString();
  const [clientCounts] = await db
    .select({
      totalClients: count(),
      activeClients: sql<number>`count(*) filter (where ${clients.active})`.mapWith(Number),
      newThisMonth:
        sql<number>`count(*) filter (where ${clients.createdAt} >= ${newSince}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(clients);
  const [licenceCount] = await db.select({ value: count() }).from(licences);
  return {
    totalClients: clientCounts?.totalClients ?? 0,
    activeClients: clientCounts?.activeClients ?? 0,
    totalLicences: licenceCount?.value ?? 0,
    newThisMonth: clientCounts?.newThisMonth ?? 0,
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

/** Deletes a client's licences, then the client; answers how many licences went with it. */
export async function deleteClientWithLicences(db: DbExecutor, id: string): Promise<number> {
  const removed = await db
    .delete(licences)
    .where(eq(licences.clientId, id))
    .returning({ id: licences.id });
  await db.delete(clients).where(eq(clients.id, id));
  return removed.length;
}

/** The newest clients (the dashboard's Recent Clients). */
export function findNewestClients(db: DbExecutor, limit: number): Promise<ClientRow[]> {
  return db.select().from(clients).orderBy(desc(clients.createdAt), desc(clients.id)).limit(limit);
}

/** One CSV row's worth of a client: its fields and its licence count. */
export interface ClientExportRow {
  client: ClientRow;
  licenceCount: number;
  /** The sort key as text (timestamps keep their microseconds), where the next batch starts. */
  cursor: string;
}

/**
 * The next `limit` clients of an export after `after` (keyset paging, so each batch is an index
 * range rather than an ever-growing OFFSET), each with its licence count.
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
  // Spelled with table names: inside a single-table select Drizzle leaves columns unqualified,
  // which in the subquery would compare licences' own columns.
  const licenceCount = sql<number>`(select count(*) from ${licences} where ${licences}.${sql.identifier(licences.clientId.name)} = ${clients}.${sql.identifier(clients.id.name)})`;
  const rows = await db
    .select({
      client: clients,
      licenceCount: licenceCount.mapWith(Number),
      cursor: sql<string>`${key}::text`,
    })
    .from(clients)
    .where(and(filterCondition(filter), afterCursor))
    .orderBy(...ordering(filter))
    .limit(limit);
  return rows;
}
