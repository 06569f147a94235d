import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { auditLog, users, type AuditLogRow } from '../../db/schema';
import type { AuditChange, AuditEntityType } from './audit.schemas';

/** A row to append to the audit trail. */
export interface NewAuditEntry {
  actorId: string | null;
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  changes: Record<string, AuditChange>;
}

/** Appends one entry; pass the transaction of the change so both commit or neither does. */
export async function insertAuditEntry(db: DbExecutor, entry: NewAuditEntry): Promise<AuditLogRow> {
  const [row] = await db.insert(auditLog).values(entry).returning();
  return row!;
}

export interface AuditPageFilter {
  /** Entity types the reader may see; an empty list finds nothing. */
  entityTypes: readonly AuditEntityType[];
  entityId?: string;
  page: number;
  limit: number;
}

/** One page of the trail, newest first, with each actor's name, and the total count. */
export async function findAuditPage(db: DbExecutor, filter: AuditPageFilter) {
  const where = and(
    inArray(auditLog.entityType, [...filter.entityTypes]),
    filter.entityId === undefined ? undefined : eq(auditLog.entityId, filter.entityId),
  );
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: users.id, username: users.username, fullName: users.fullName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}
