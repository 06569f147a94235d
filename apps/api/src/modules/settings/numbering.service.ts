import type { DocumentKind } from '@patrol/contracts';
import { formatDocumentNumber, nextDocumentSequence, numberingPeriodKey } from '@patrol/domain';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { documentCounters } from '../../db/schema';
import { readCompanySettings } from './settings.service';

/** A document number issued by `nextDocumentNumber`. */
export interface IssuedDocumentNumber {
  /** The formatted number, e.g. 'INV-MP-2026-000001'. */
  number: string;
  sequence: number;
  /** The counter period it counts within ('' when numbering never resets). */
  periodKey: string;
}

/**
 * Issues the next number of a document kind from the numbering settings. Call it inside the
 * transaction that creates the document: the counter row stays locked until that transaction ends,
 * so concurrent documents get distinct, consecutive numbers and a rolled-back document frees its
 * number again.
 */
export async function nextDocumentNumber(
  tx: DbExecutor,
  kind: DocumentKind,
  now: Date = new Date(),
): Promise<IssuedDocumentNumber> {
  const config = (await readCompanySettings(tx)).numberingSettings[kind];
  const periodKey = numberingPeriodKey(config, now);
  await tx.insert(documentCounters).values({ kind, periodKey, lastValue: 0 }).onConflictDoNothing();
  const where = and(eq(documentCounters.kind, kind), eq(documentCounters.periodKey, periodKey));
  const [counter] = await tx.select().from(documentCounters).where(where).for('update');
  // A fresh row holds 0, so the first number issued is the start number.
  const sequence = nextDocumentSequence(counter!.lastValue, config.startNumber);
  await tx.update(documentCounters).set({ lastValue: sequence }).where(where);
  return { number: formatDocumentNumber(config, sequence, now), sequence, periodKey };
}
