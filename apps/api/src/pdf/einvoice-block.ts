import type { AppContext } from '../http/app-context';
import type { BillingPdf } from './billing-pdf';

/** What a PDF writer passes to add the e-invoice block (the port is absent in some callers). */
export type EinvoiceBlockSource = Pick<AppContext, 'db'> &
  Partial<Pick<AppContext, 'einvoiceQueue'>>;

/**
 * The document with its e-invoice block after the other sections: the QR code, UUID and
 * validation time once LHDN validated it, "e-Invoice pending validation" before, nothing while
 * e-invoicing is off (modules/einvoices/einvoice-pdf-block.ts words it).
 */
export async function withEinvoiceBlock(
  source: EinvoiceBlockSource,
  documentId: string,
  pdf: BillingPdf,
): Promise<BillingPdf> {
  const sections = (await source.einvoiceQueue?.pdfSections(source.db, documentId)) ?? [];
  return sections.length === 0 ? pdf : { ...pdf, sections: [...pdf.sections, ...sections] };
}
