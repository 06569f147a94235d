import { addDays, dayStartInstant } from '@patrol/domain';
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { auditLog, type AuditLogRow } from '../../db/schema';
import type { AuditChange, AuditEntityType } from '@patrol/contracts';

/** A row to append to the audit trail. */
export interface NewAuditEntry {
  actorId: string | null;
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  changes: Record<string, AuditChange>;
  /** The HTTP request that made the change, when there was one. */
  requestId: string | null;
}

/**
 * Appends one entry; pass the transaction of the change so both commit or neither does. The
 * database links it into the hash chain when that transaction commits.
 */
export async function insertAuditEntry(db: DbExecutor, entry: NewAuditEntry): Promise<AuditLogRow> {
  const [row] = await db.insert(auditLog).values(entry).returning();
  return row!;
}

/** Appends entries in one statement, linked into the chain in their order (see insertAuditEntry). */
export async function insertAuditEntries(
  db: DbExecutor,
  entries: readonly NewAuditEntry[],
): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values([...entries]);
}

export interface AuditFilter {
  /** Entity types the reader may see; an empty list finds nothing. */
  entityTypes: readonly AuditEntityType[];
  entityId?: string;
  actorId?: string;
  /** Calendar days, both included, counted in `timeZone` (the company's). */
  dateFrom?: string;
  dateTo?: string;
  timeZone: string;
}

function filterCondition(filter: AuditFilter): SQL | undefined {
  return and(
    inArray(auditLog.entityType, [...filter.entityTypes]),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
    filter.dateFrom === undefined
      ? undefined
      : gte(auditLog.createdAt, dayStartInstant(filter.dateFrom, filter.timeZone)),
    filter.dateTo === undefined
      ? undefined
      : lt(auditLog.createdAt, dayStartInstant(addDays(filter.dateTo, 1), filter.timeZone)),
  );
}

/** One page of the trail, newest first, and the total count. */
export async function findAuditPage(
  db: DbExecutor,
  filter: AuditFilter & { page: number; limit: number },
) {
  const where = filterCondition(filter);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/**
 * Every matching entry, newest first, in batches read by keyset over (created_at, id): an export
 * of a long trail never holds it whole nor re-reads skipped rows.
 */
export async function* allAuditEntries(db: DbExecutor, filter: AuditFilter, batchSize = 500) {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(
        and(
          filterCondition(filter),
          after &&
            or(
              lt(auditLog.createdAt, after.createdAt),
              and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)),
            ),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
