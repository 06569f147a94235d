import { licenceLineText, type Quotation } from '@patrol/contracts';
import { businessDay, formatBusinessDate, formatMoney, humanise } from '@patrol/domain';
import type { Response } from 'express';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import { streamDownload } from '../../http/downloads';
import { clientLines, renderBillingPdf, type BillingPdf } from '../../pdf/billing-pdf';
import { documentTotals, lineTaxText, taxSummarySection } from '../../pdf/tax-block';
import { documentCompany, type DocumentCompany } from '../settings/document-company.service';
import { presentQuotation } from './quotations.presenter';
import { findQuotationById, findQuotationItems } from './quotations.repo';
import { quotationRuleMessages } from './quotation-messages';

/** A quotation as its PDF prints it: the stored lines and totals, as the screen shows them. */
export function quotationPdf(
  quotation: Quotation,
  { company, bankLines, sstRegistrationNumber }: DocumentCompany,
): BillingPdf {
  return {
    title: 'QUOTATION',
    number: quotation.quotationNumber,
    company,
    details: [
      ['Date', formatBusinessDate(quotation.quotationDate)],
      ['Valid until', formatBusinessDate(quotation.validUntil)],
      ['Payment terms', humanise(quotation.paymentTerms)],
      ['Status', humanise(quotation.status)],
    ],
    client: { heading: 'Quotation for', lines: clientLines(quotation.clientInfo) },
    columns: [
      { header: '#', width: 4 },
      { header: 'Description', width: 34 },
      { header: 'Qty', width: 7, align: 'right' },
      { header: 'Unit price', width: 15, align: 'right' },
      { header: 'Discount', width: 10, align: 'right' },
      { header: 'Tax', width: 13, align: 'right' },
      { header: 'Amount', width: 17, align: 'right' },
    ],
    rows: quotation.items.map((item, index) => [
      String(index + 1),
      [item.productName, item.description, licenceLineText(item)].filter(Boolean).join('\n'),
      String(item.quantity),
      formatMoney(item.unitPrice),
      item.discount ? `${item.discount}%` : '-',
      lineTaxText(item),
      formatMoney(item.lineTotal),
    ]),
    totals: documentTotals(quotation),
    sections: [
      ...taxSummarySection(quotation.taxSummary, sstRegistrationNumber),
      ...(bankLines.length > 0 ? [{ title: 'Bank details', lines: bankLines }] : []),
      ...(quotation.notes ? [{ title: 'Notes', lines: [quotation.notes] }] : []),
    ],
  };
}

/** A quotation as its PDF reads it on `now`, with the company that prints it; 404 when unknown. */
export async function readQuotationDocument(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
  now: Date = new Date(),
): Promise<{ quotation: Quotation; company: DocumentCompany }> {
  // One round trip: the items and the company are read beside the quotation, not after it.
  const [row, items, company] = await Promise.all([
    findQuotationById(ctx.db, id),
    findQuotationItems(ctx.db, [id]),
    documentCompany(ctx),
  ]);
  if (!row) throw notFound(quotationRuleMessages.notFound);
  return { quotation: presentQuotation(row, items, businessDay(now)), company };
}

/** GET /api/business/quotations/{id}/download: 'quotation-{number}.pdf', streamed. */
export async function downloadQuotationPdf(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
  res: Response,
  now: Date = new Date(),
): Promise<void> {
  const { quotation, company } = await readQuotationDocument(ctx, id, now);
  await streamDownload(
    res,
    renderBillingPdf(quotationPdf(quotation, company)),
    `quotation-${quotation.quotationNumber}.pdf`,
    'application/pdf',
  );
}
