import { einvoiceConsolidationLimit } from '@patrol/contracts';
import { randomUUID } from 'node:crypto';
import type { DbExecutor } from '../../db/client';
import type { EinvoiceDocumentRow } from '../../db/schema';
import type { EInvoiceSource } from './document/einvoice-source';
import { announce, type EinvoiceWorkerDeps } from './einvoice-worker-deps';
import {
  countNumbered,
  findAwaitingConsolidation,
  insertConsolidated,
  releaseConsolidatedMembers,
  updateDocument,
} from './einvoices.repo';

/**
 * Consolidated e-invoices (IRBM e-Invoice Specific Guideline, section 3.6 and Appendix 2): an
 * invoice whose buyer gave no TIN, of RM 10,000 or less, is not submitted alone; after its month
 * ends (Malaysian time) it becomes lines of the month's consolidated e-invoice to "General Public"
 * (TIN EI00000000010), submitted within the seven days the guideline allows.
 */

/** Invoices per consolidated e-invoice: their lines stay well inside the SDK's 300 KB. */
export const consolidationMembersPerDocument = 30;

const malaysianOffsetMs = 8 * 60 * 60_000;

/** The first instant of the Malaysian (UTC+8) month `at` falls in, `monthsAhead` months on. */
export function malaysianMonthStart(at: Date, monthsAhead = 0): Date {
  const local = new Date(at.getTime() + malaysianOffsetMs);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsAhead, 1);
  return new Date(start - malaysianOffsetMs);
}

/** The guideline's deadline for a month's consolidated e-invoice: 7 days after the month ends. */
export const consolidationDeadlineMs = 7 * 24 * 60 * 60_000;

/**
 * Whether a consolidated e-invoice is still not valid (nor cancelled) once the 7 days after its
 * month (the month of its issue date, the month's last day) have passed.
 */
export function isPastConsolidationDeadline(row: EinvoiceDocumentRow, now: Date): boolean {
  if (row.kind !== 'consolidated' || row.status === 'valid' || row.status === 'cancelled') {
    return false;
  }
  const deadline = malaysianMonthStart(row.issueDate, 1).getTime() + consolidationDeadlineMs;
  return now.getTime() > deadline;
}

/** YYYYMM of the Malaysian month `at` falls in. */
function monthKey(at: Date): string {
  return new Date(at.getTime() + malaysianOffsetMs).toISOString().slice(0, 7).replace('-', '');
}

/** Whether a queued document waits for the month's consolidated e-invoice instead. */
export function waitsForConsolidation(row: EinvoiceDocumentRow, source: EInvoiceSource): boolean {
  return (
    row.kind === 'invoice' &&
    source.buyer.tin.trim() === '' &&
    Number(row.totalAmount) <= einvoiceConsolidationLimit
  );
}

/** Sets a queued invoice aside for its month's consolidated e-invoice. */
export async function holdForConsolidation(
  deps: EinvoiceWorkerDeps,
  row: EinvoiceDocumentRow,
): Promise<void> {
  await updateDocument(deps.db, row.id, { status: 'consolidated', consolidatedInto: null });
  announce(deps.events, [row]);
}

/**
 * After a document is cancelled (by staff or in the MyInvois portal): a consolidated e-invoice
 * gives its invoices back, and the next cycle consolidates them again in a new one, since every
 * transaction must be carried by a valid e-invoice. Call it in the transaction of the cancel.
 */
export async function reconsolidateIfCancelled(
  tx: DbExecutor,
  row: EinvoiceDocumentRow,
): Promise<void> {
  if (row.kind === 'consolidated' && row.status === 'cancelled') {
    await releaseConsolidatedMembers(tx, row.id);
  }
}

/**
 * Once a month has ended, queues its consolidated e-invoices (numbered CON-YYYYMM-NN, dated the
 * month's last day, 30 invoices each) and points each invoice's row at its own.
 */
export async function consolidateEndedMonths(deps: EinvoiceWorkerDeps, now: Date): Promise<void> {
  const waiting = await findAwaitingConsolidation(deps.db, malaysianMonthStart(now), 1_000);
  const byMonth = new Map<string, EinvoiceDocumentRow[]>();
  for (const row of waiting) {
    const key = monthKey(row.issueDate);
    byMonth.set(key, [...(byMonth.get(key) ?? []), row]);
  }
  for (const [month, rows] of byMonth) {
    const monthEnd = new Date(malaysianMonthStart(rows[0]!.issueDate, 1).getTime() - 1_000);
    for (let at = 0; at < rows.length; at += consolidationMembersPerDocument) {
      const members = rows.slice(at, at + consolidationMembersPerDocument);
      const created = await deps.db.transaction(async (tx) => {
        const sequence = (await countNumbered(tx, `CON-${month}-`)) + 1;
        const totalSen = members.reduce(
          (sum, row) => sum + Math.round(Number(row.totalAmount) * 100),
          0,
        );
        return insertConsolidated(
          tx,
          {
            kind: 'consolidated',
            documentId: randomUUID(),
            number: `CON-${month}-${String(sequence).padStart(2, '0')}`,
            clientName: 'General Public',
            issueDate: monthEnd,
            totalAmount: (totalSen / 100).toFixed(2),
            queuedAt: now,
            nextAttemptAt: now,
          },
          members.map((row) => row.id),
        );
      });
      announce(deps.events, [created, ...members]);
    }
  }
}
