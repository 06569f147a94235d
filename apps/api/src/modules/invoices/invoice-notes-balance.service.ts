import type { InvoiceNoteKind, TaxType } from '@patrol/contracts';
import { fromSen, toSen, type InvoiceBalance } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { moneyColumn } from '../../db/column-values';
import type { InvoiceRow } from '../../db/schema';
import type { AuthUser } from '../../http/authenticate';
import { findInvoiceParts, findPaymentEntries } from './invoices.repo';
import { auditInvoice, lockInvoice } from './invoices.service';
import { balanceOf, writeBalance } from './payment-balance';

// The seam through which credit, debit and refund notes (apps/api/src/modules/credit-notes) move
// what an invoice owes or still has to refund: the notes' totals are kept on the invoice and fed
// to invoiceBalance.

/** An invoice as a note reads it: the row, its balance and the tax rate of each type it charges. */
export interface InvoiceForNote {
  invoice: InvoiceRow;
  balance: InvoiceBalance;
  taxRates: ReadonlyMap<TaxType, number>;
}

/** An invoice locked for a note, with its balance before the note; 404 'Invoice not found'. */
export async function lockInvoiceForNote(tx: DbExecutor, id: string): Promise<InvoiceForNote> {
  const invoice = await lockInvoice(tx, id);
  const { lineItems, entries } = await findInvoiceParts(tx, [id]);
  const taxRates = new Map<TaxType, number>(
    lineItems.map((line) => [line.taxType, Number(line.taxRate)]),
  );
  return { invoice, balance: balanceOf(invoice, entries), taxRates };
}

const noteColumns = {
  credit: 'creditedAmount',
  debit: 'debitedAmount',
  refund: 'refundedAmount',
} as const;

/**
 * Adds a note's total to the invoice's credited, debited or refunded amount and rewrites its
 * balance.
 */
export async function applyInvoiceNote(
  tx: DbExecutor,
  actor: AuthUser,
  invoice: InvoiceRow,
  note: { kind: InvoiceNoteKind; totalSen: number },
): Promise<{ invoice: InvoiceRow; balance: InvoiceBalance }> {
  const column = noteColumns[note.kind];
  const amount = moneyColumn(fromSen(toSen(invoice[column]) + note.totalSen));
  const updated = await writeBalance(tx, { ...invoice, [column]: amount }, 'adjusted', {
    [column]: amount,
  });
  await auditInvoice(tx, actor, `invoice.${note.kind}_note_issued`, invoice, updated);
  return {
    invoice: updated,
    balance: balanceOf(updated, await findPaymentEntries(tx, updated.id)),
  };
}
