import { zodResolver } from '@hookform/resolvers/zod';
import { createInvoiceNoteBodySchema, type Invoice, type TaxType } from '@patrol/contracts';
import { calculateDocumentTotals, fromSen, toSen } from '@patrol/domain';
import type { Resolver } from 'react-hook-form';
import type { NoteForm } from './invoice-note-lines-fieldset';

export const noteResolver = zodResolver(
  createInvoiceNoteBodySchema,
) as unknown as Resolver<NoteForm>;

export const noteTexts = {
  credit: { title: 'Credit note', verb: 'Issue Credit Note', action: 'issuing credit note' },
  debit: { title: 'Debit note', verb: 'Issue Debit Note', action: 'issuing debit note' },
} as const;

/** What the invoice owes now: its total, plus debit notes, less credit notes. */
export function owedOf(invoice: Invoice): number {
  return fromSen(
    toSen(invoice.totalAmount) + toSen(invoice.debitedAmount) - toSen(invoice.creditedAmount),
  );
}

/** A note's total with tax, at the rates the invoice's own lines were issued with. */
export function noteTotal(invoice: Invoice, body: NoteForm): number {
  const rates = new Map<TaxType, number>(invoice.lineItems.map((l) => [l.taxType, l.taxRate]));
  const lines = body.lines?.length
    ? body.lines
    : [{ quantity: 1, unitPrice: body.amount ?? 0, taxType: body.taxType ?? 'EXEMPT' }];
  return fromSen(
    calculateDocumentTotals(
      lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: 0,
        taxType: line.taxType,
        taxRate: line.taxType === 'EXEMPT' ? 0 : (rates.get(line.taxType) ?? 0),
      })),
    ).totalSen,
  );
}
