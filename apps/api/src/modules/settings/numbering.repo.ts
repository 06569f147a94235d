import type { DocumentKind } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { documentCounters, documentNumberPatterns } from '../../db/schema';

/** Where a number of one kind is counted: its settings' period and its pattern. */
export interface NumberingKeys {
  kind: DocumentKind;
  /** '' when numbering never resets, else the year it counts within. */
  periodKey: string;
  /** The number without its sequence, e.g. 'INV-MP-2026'. */
  pattern: string;
}

function counterWhere({ kind, periodKey }: NumberingKeys) {
  return and(eq(documentCounters.kind, kind), eq(documentCounters.periodKey, periodKey));
}

function patternWhere({ kind, pattern }: NumberingKeys) {
  return and(eq(documentNumberPatterns.kind, kind), eq(documentNumberPatterns.pattern, pattern));
}

/**
 * The period's counter and the pattern's highest sequence, created at 0 when new and locked until
 * the transaction ends. Always the counter first, then the pattern, so two issuers never deadlock.
 */
export async function lockNumberingRows(
  tx: DbExecutor,
  keys: NumberingKeys,
): Promise<{ periodLastValue: number; patternLastSequence: number }> {
  const { kind, periodKey, pattern } = keys;
  await tx.insert(documentCounters).values({ kind, periodKey, lastValue: 0 }).onConflictDoNothing();
  const [counter] = await tx
    .select()
    .from(documentCounters)
    .where(counterWhere(keys))
    .for('update');
  await tx
    .insert(documentNumberPatterns)
    .values({ kind, pattern, lastSequence: 0 })
    .onConflictDoNothing();
  const [used] = await tx
    .select()
    .from(documentNumberPatterns)
    .where(patternWhere(keys))
    .for('update');
  return { periodLastValue: counter!.lastValue, patternLastSequence: used!.lastSequence };
}

/** Records `sequence` as the last one of the period and of the pattern (rows locked above). */
export async function saveIssuedSequence(
  tx: DbExecutor,
  keys: NumberingKeys,
  sequence: number,
): Promise<void> {
  await tx.update(documentCounters).set({ lastValue: sequence }).where(counterWhere(keys));
  await tx.update(documentNumberPatterns).set({ lastSequence: sequence }).where(patternWhere(keys));
}

/** The same two values read without locking or creating anything (for a preview). */
export async function readNumberingState(
  db: DbExecutor,
  keys: NumberingKeys,
): Promise<{ periodLastValue: number; patternLastSequence: number }> {
  const [counter] = await db
    .select({ lastValue: documentCounters.lastValue })
    .from(documentCounters)
    .where(counterWhere(keys));
  const [used] = await db
    .select({ lastSequence: documentNumberPatterns.lastSequence })
    .from(documentNumberPatterns)
    .where(patternWhere(keys));
  return {
    periodLastValue: counter?.lastValue ?? 0,
    patternLastSequence: used?.lastSequence ?? 0,
  };
}
