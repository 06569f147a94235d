import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { auditChainHead, auditLog } from '../../db/schema';
import type { ChainedAuditRow } from './audit-canonical';

/** The chain's last seq and hash as committed. */
export async function findChainHead(db: DbExecutor): Promise<{ seq: number; hash: string }> {
  const [head] = await db
    .select({ seq: auditChainHead.seq, hash: auditChainHead.hash })
    .from(auditChainHead)
    .where(eq(auditChainHead.id, 1));
  if (!head) throw new Error('The audit chain head row is missing (migration 0018)');
  return head;
}

/** A chained row with the hash stored on it. */
export type StoredChainRow = ChainedAuditRow & { hash: string | null };

/**
 * Up to `limit` chained rows after `afterSeq` and at most `lastSeq`, in chain order, with their
 * time and changes as the database prints them (the text the hash covers). The seq index serves it.
 */
export function findChainBatch(
  db: DbExecutor,
  range: { afterSeq: number; lastSeq: number; limit: number },
): Promise<StoredChainRow[]> {
  return db
    .select({
      seq: sql<number>`${auditLog.seq}`.mapWith(Number),
      id: auditLog.id,
      createdAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorId: sql<string | null>`${auditLog.actorId}::text`,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      requestId: auditLog.requestId,
      changesJson: sql<string>`${auditLog.changes}::text`,
      prevHash: sql<string>`coalesce(${auditLog.prevHash}, '')`,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .where(and(gt(auditLog.seq, range.afterSeq), lte(auditLog.seq, range.lastSeq)))
    .orderBy(asc(auditLog.seq))
    .limit(range.limit);
}

/** A committed row the database never linked (only possible with its triggers switched off). */
export async function findUnchainedRow(db: DbExecutor) {
  const [row] = await db
    .select({ id: auditLog.id, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(isNull(auditLog.seq))
    .orderBy(asc(auditLog.createdAt))
    .limit(1);
  return row;
}
