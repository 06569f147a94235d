import { licenceLineText, type Quotation } from '@patrol/contracts';
import { amountInWords, businessDay, formatBusinessDate, humanise } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import type { GeneratedFile } from '../../http/downloads';
import { clientLines, renderBillingPdf, type BillingPdf } from '../../pdf/billing-pdf';
import { documentTotals, taxedLineTable, taxSummarySection } from '../../pdf/tax-block';
import { documentCompany, type DocumentCompany } from '../settings/document-company.service';
import { presentQuotation } from './quotations.presenter';
import { findQuotationById, findQuotationItems } from './quotations.repo';
import { quotationRuleMessages } from './quotation-messages';

/** A quotation as its PDF prints it: the stored lines and totals, as the screen shows them. */
export function quotationPdf(
  quotation: Quotation,
  { company, bankLines, sstRegistrationNumber, timeZone }: DocumentCompany,
): BillingPdf {
  return {
    title: 'QUOTATION',
    number: quotation.quotationNumber,
    company,
    details: [
      ['Date', formatBusinessDate(quotation.quotationDate, timeZone)],
      ['Valid until', formatBusinessDate(quotation.validUntil, timeZone)],
      ['Payment terms', humanise(quotation.paymentTerms)],
      ['Status', humanise(quotation.status)],
    ],
    client: { heading: 'Quotation for', lines: clientLines(quotation.clientInfo) },
    ...taxedLineTable(
      quotation.items.map((item) => ({
        ...item,
        description: [item.productName, item.description, licenceLineText(item)]
          .filter(Boolean)
          .join('\n'),
      })),
    ),
    totals: documentTotals(quotation),
    amountInWords: amountInWords(quotation.totalAmount),
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
  return { quotation: presentQuotation(row, items, businessDay(now, company.timeZone)), company };
}

/** GET /api/business/quotations/{id}/download: 'quotation-{number}.pdf', for the route to stream. */
export async function downloadQuotationPdf(
  ctx: Pick<AppContext, 'db' | 'uploads'>,
  id: string,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  const { quotation, company } = await readQuotationDocument(ctx, id, now);
  return {
    fileName: `quotation-${quotation.quotationNumber}.pdf`,
    contentType: 'application/pdf',
    stream: renderBillingPdf(quotationPdf(quotation, company)),
  };
}
