import type { DbExecutor } from '../../db/client';
import { auditRowHash, genesisHash } from './audit-canonical';
import { findChainBatch, findChainHead, findUnchainedRow } from './audit-chain.repo';

/** The first row where the chain does not hold, and why. */
export interface AuditChainBreak {
  id: string | null;
  seq: number | null;
  /** ISO time of the row. */
  createdAt: string | null;
  reason: string;
}

/** The outcome of walking the whole chain. */
export type AuditChainVerdict =
  | { ok: true; count: number; headHash: string }
  | { ok: false; checked: number; broken: AuditChainBreak };

/**
 * Walks the audit chain from its first row to the head committed when the walk starts, in batches
 * (never the whole table in memory), recomputing each row's hash. Rows appended during the walk
 * are left for the next run.
 */
export async function verifyAuditChain(
  db: DbExecutor,
  batchSize = 1000,
): Promise<AuditChainVerdict> {
  const head = await findChainHead(db);
  let previous = {
    seq: 0,
    hash: genesisHash,
    id: null as string | null,
    createdAt: null as string | null,
  };
  let checked = 0;
  const broken = (
    row: { id: string | null; seq: number | null; createdAt: string | null },
    reason: string,
  ) => ({ ok: false, checked, broken: { ...row, reason } }) as const;

  for (;;) {
    const rows = await findChainBatch(db, {
      afterSeq: previous.seq,
      lastSeq: head.seq,
      limit: batchSize,
    });
    for (const row of rows) {
      if (row.seq !== previous.seq + 1) {
        return broken(row, `${missingRows(previous.seq + 1, row.seq - 1)} before it`);
      }
      if (row.prevHash !== previous.hash) {
        return broken(row, 'its previous hash is not the hash of the row before it');
      }
      if (row.hash !== auditRowHash(row)) {
        return broken(row, 'its content does not match its hash (the row was changed)');
      }
      checked += 1;
      previous = { seq: row.seq, hash: row.hash, id: row.id, createdAt: row.createdAt };
    }
    if (rows.length < batchSize) break;
  }

  if (previous.seq !== head.seq || previous.hash !== head.hash) {
    const last = {
      id: previous.id,
      seq: previous.id ? previous.seq : null,
      createdAt: previous.createdAt,
    };
    return broken(
      last,
      previous.seq !== head.seq
        ? `the chain head records ${head.seq} rows but the chain ends at ${previous.seq}: the rows after it are missing`
        : "the chain head's hash is not the last row's hash",
    );
  }
  const unchained = await findUnchainedRow(db);
  if (unchained) {
    return broken(
      { id: unchained.id, seq: null, createdAt: unchained.createdAt.toISOString() },
      'it is not in the chain (written with the database triggers switched off)',
    );
  }
  return { ok: true, count: checked, headHash: head.hash };
}

const missingRows = (from: number, to: number) =>
  from === to
    ? `row ${from} of the chain is missing`
    : `rows ${from} to ${to} of the chain are missing`;

const intact = (count: number) => (count === 1 ? '1 row is intact' : `${count} rows are intact`);

/** The verdict as the operator reads it. */
export function describeAuditChainVerdict(verdict: AuditChainVerdict): string {
  if (verdict.ok) {
    return `OK: the audit trail's ${verdict.count} rows form an unbroken chain (head ${verdict.headHash}).`;
  }
  const { id, seq, createdAt, reason } = verdict.broken;
  const where = id ? `row ${id} (seq ${seq ?? 'none'}, ${createdAt})` : 'the start of the chain';
  return `BROKEN at ${where}: ${reason}. ${intact(verdict.checked)} before it.`;
}
