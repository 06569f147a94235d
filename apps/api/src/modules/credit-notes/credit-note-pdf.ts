import type { InvoiceNote, InvoiceNoteKind } from '@patrol/contracts';
import { amountInWords, formatBusinessDate, formatMoney, humanise } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import type { GeneratedFile } from '../../http/downloads';
import { clientLines, renderBillingPdf, type BillingPdf } from '../../pdf/billing-pdf';
import { withEinvoiceBlock, type EinvoiceBlockSource } from '../../pdf/einvoice-block';
import { documentTotals, taxedLineTable, taxSummarySection } from '../../pdf/tax-block';
import { documentCompany, type DocumentCompany } from '../settings/document-company.service';
import { getInvoiceNote } from './credit-notes.service';

const titles: Record<InvoiceNoteKind, string> = {
  credit: 'CREDIT NOTE',
  debit: 'DEBIT NOTE',
  refund: 'REFUND NOTE',
};

/**
 * A refund note as its PDF prints it: the money paid back, how, when and under which reference,
 * the invoice it refunds and the refund still due after it.
 */
export function refundNotePdf(
  note: InvoiceNote,
  { company, timeZone }: DocumentCompany,
): BillingPdf {
  const refund = note.refund;
  return {
    title: titles.refund,
    number: note.noteNumber,
    company,
    details: [
      ['Issue date', formatBusinessDate(note.issueDate, timeZone)],
      ['Invoice', note.invoiceNumber],
      ['Refund date', refund ? formatBusinessDate(refund.refundDate, timeZone) : '-'],
      ['Refund method', refund ? humanise(refund.method) : '-'],
      ['Reference', refund?.reference || '-'],
      ['Reason', note.reason],
    ],
    client: { heading: 'Refunded to', lines: clientLines(note.clientInfo) },
    columns: [
      { header: 'Description', width: 70 },
      { header: 'Amount', width: 30, align: 'right' },
    ],
    rows: [[`Refund of payment on invoice ${note.invoiceNumber}`, formatMoney(note.totalAmount)]],
    totals: [
      ['Amount refunded', formatMoney(note.totalAmount)],
      ['Refund still due', formatMoney(note.refundDue)],
    ],
    emphasis: ['Amount refunded'],
    amountInWords: amountInWords(note.totalAmount),
    sections: [],
  };
}

/** A credit or debit note as its PDF prints it, on the invoice PDF's model. */
export function invoiceNotePdf(note: InvoiceNote, documentCompany: DocumentCompany): BillingPdf {
  if (note.kind === 'refund') return refundNotePdf(note, documentCompany);
  const { company, sstRegistrationNumber, timeZone } = documentCompany;
  return {
    title: titles[note.kind],
    number: note.noteNumber,
    company,
    details: [
      ['Issue date', formatBusinessDate(note.issueDate, timeZone)],
      ['Invoice', note.invoiceNumber],
      ['Reason', note.reason],
    ],
    client: {
      heading: note.kind === 'credit' ? 'Credit to' : 'Bill to',
      lines: clientLines(note.clientInfo),
    },
    ...taxedLineTable(note.lineItems),
    totals: [
      ...documentTotals({ ...note, discountAmount: 0 }),
      ['Invoice now owes', formatMoney(note.invoiceOwedAfter)],
      ...(note.refundDue > 0
        ? [['Refund due', formatMoney(note.refundDue)] as [string, string]]
        : []),
    ],
    emphasis: ['Total'],
    amountInWords: amountInWords(note.totalAmount),
    sections: taxSummarySection(note.taxSummary, sstRegistrationNumber),
  };
}

/** GET /api/business/credit-notes/{id}/download: 'credit-note-{number}.pdf' (or debit-, refund-note-). */
export async function downloadInvoiceNotePdf(
  ctx: Pick<AppContext, 'db' | 'uploads'> & EinvoiceBlockSource,
  kind: InvoiceNoteKind,
  id: string,
): Promise<GeneratedFile> {
  const [{ note }, company] = await Promise.all([
    getInvoiceNote(ctx.db, kind, id),
    documentCompany(ctx),
  ]);
  return {
    fileName: `${kind}-note-${note.noteNumber}.pdf`,
    contentType: 'application/pdf',
    stream: renderBillingPdf(await withEinvoiceBlock(ctx, id, invoiceNotePdf(note, company))),
  };
}
