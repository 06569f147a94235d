import {
  defaultCompanyTimeZone,
  licenceLineText,
  type Invoice,
  type PaymentEntry,
} from '@patrol/contracts';
import {
  amountInWords,
  businessDay,
  formatBusinessDate,
  formatMoney,
  humanise,
  parsePaymentCorrections,
} from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { GeneratedFile } from '../../http/downloads';
import {
  clientLines,
  renderBillingPdf,
  type BillingPdf,
  type PdfSection,
} from '../../pdf/billing-pdf';
import { withEinvoiceBlock, type EinvoiceBlockSource } from '../../pdf/einvoice-block';
import { documentTotals, taxedLineTable, taxSummarySection } from '../../pdf/tax-block';
import { documentCompany, type DocumentCompany } from '../settings/document-company.service';
import { findInvoiceById, findInvoiceParts } from './invoices.repo';
import { presentInvoice } from './invoices.presenter';
import { invoiceRuleMessages } from './invoices.service';

/**
 * The client-facing notes: 'PAYMENT CORRECTION REQUIRED' blocks name staff and internal reasons,
 * so they stay on the staff screens and in the trail, never on the PDF.
 */
function noteSections(notes: string): PdfSection[] {
  const otherNotes = parsePaymentCorrections(notes).otherNotes.trim();
  return otherNotes ? [{ title: 'Notes', lines: [otherNotes] }] : [];
}

const entryStatusLabels: Record<PaymentEntry['status'], string> = {
  pending_validation: 'Awaiting validation',
  validated: 'Validated',
  rejected: 'Rejected',
};

/** The payment statement: every entry with its status, rejected ones too (no staff or reasons). */
export function paymentStatementLines(
  entries: readonly PaymentEntry[],
  timeZone: string = defaultCompanyTimeZone,
): string[] {
  return entries.map(
    (entry) =>
      `${formatBusinessDate(entry.paymentDate, timeZone)}  ${humanise(entry.paymentMethod)}  ${entry.referenceNumber}  ${formatMoney(entry.amount)}  ${entryStatusLabels[entry.status]}`,
  );
}

const voidMark = {
  mark: 'VOID',
  banner: 'VOID: this invoice is cancelled and is not payable. It keeps its number for the record.',
};

/** An invoice as its PDF prints it: the stored lines, totals and payments. */
export function invoicePdf(
  invoice: Invoice,
  { company, bankLines, sstRegistrationNumber, timeZone }: DocumentCompany,
): BillingPdf {
  const payments = paymentStatementLines(invoice.paymentEntries, timeZone);
  return {
    title: 'INVOICE',
    number: invoice.invoiceNumber,
    company,
    details: [
      ['Issue date', formatBusinessDate(invoice.issueDate, timeZone)],
      ['Due date', formatBusinessDate(invoice.dueDate, timeZone)],
      ['Payment terms', humanise(invoice.paymentTerms)],
      ['Status', invoice.isVoided ? 'Void' : humanise(invoice.paymentStatus)],
    ],
    client: { heading: 'Bill to', lines: clientLines(invoice.clientInfo) },
    // A licence line says what it sells: "New keys: 5" or "Renewal of 3 keys".
    ...taxedLineTable(
      invoice.lineItems.map((line) => ({
        ...line,
        description: [line.description, licenceLineText(line)].filter(Boolean).join('\n'),
      })),
    ),
    totals: [
      ...documentTotals(invoice),
      ...(invoice.creditedAmount > 0
        ? [['Credit notes', `-${formatMoney(invoice.creditedAmount)}`] as [string, string]]
        : []),
      ...(invoice.debitedAmount > 0
        ? [['Debit notes', formatMoney(invoice.debitedAmount)] as [string, string]]
        : []),
      // Refunded money leaves what was paid: shown apart, so Paid stays the money collected.
      ...(invoice.refundedAmount > 0
        ? [['Refund notes', `-${formatMoney(invoice.refundedAmount)}`] as [string, string]]
        : []),
      // Paid is validated money only; what awaits validation is shown apart.
      ['Paid', formatMoney(invoice.validatedAmount)],
      ...(invoice.awaitingValidationAmount > 0
        ? [
            ['Awaiting validation', formatMoney(invoice.awaitingValidationAmount)] as [
              string,
              string,
            ],
          ]
        : []),
      ['Outstanding', formatMoney(invoice.outstandingAmount)],
    ],
    sections: [
      ...taxSummarySection(invoice.taxSummary, sstRegistrationNumber),
      ...(payments.length > 0 ? [{ title: 'Payments', lines: payments }] : []),
      // A void invoice asks for no payment: no bank details, no transfer reference.
      ...(bankLines.length > 0 && !invoice.isVoided
        ? [
            {
              title: 'Pay by bank transfer',
              lines: [...bankLines, `Reference: ${invoice.invoiceNumber}`],
            },
          ]
        : []),
      ...noteSections(invoice.notes),
    ],
    emphasis: ['Total', 'Outstanding'],
    amountInWords: amountInWords(invoice.totalAmount),
    ...(invoice.isVoided ? { watermark: voidMark } : {}),
  };
}

/** An invoice as its PDF reads it on `now`, with the company that prints it; 404 when unknown. */
export async function readInvoiceDocument(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
  now: Date = new Date(),
): Promise<{ invoice: Invoice; company: DocumentCompany }> {
  // One round trip: the parts and the company are read beside the invoice, not after it.
  const [row, parts, company] = await Promise.all([
    findInvoiceById(ctx.db, id),
    findInvoiceParts(ctx.db, [id]),
    documentCompany(ctx),
  ]);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  return { invoice: presentInvoice(row, parts, businessDay(now, company.timeZone)), company };
}

/** GET /api/business/invoices/{id}/download: 'invoice-{number}.pdf', for the route to stream. */
export async function downloadInvoicePdf(
  ctx: Pick<AppContext, 'db' | 'uploads'> & EinvoiceBlockSource,
  id: string,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  const { invoice, company } = await readInvoiceDocument(ctx, id, now);
  return {
    fileName: `invoice-${invoice.invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    stream: renderBillingPdf(await withEinvoiceBlock(ctx, id, invoicePdf(invoice, company))),
  };
}
