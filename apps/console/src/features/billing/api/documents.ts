import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export type DocumentKind =
  'quotation' | 'invoice' | 'receipt' | 'credit-note' | 'debit-note' | 'refund-note';

/** What a PDF button needs to know about its document. */
export interface DocumentRef {
  kind: DocumentKind;
  id: string;
  /** The document number, used in the saved file's name. */
  number: string;
}

/** The 404 text of each document's PDF (spec 3 section 8; receipts follow the same form). */
export const pdfNotFoundMessages: Record<DocumentKind, string> = {
  quotation: 'Quotation not found. Please refresh and try again.',
  invoice: 'Invoice not found. Please refresh and try again.',
  receipt: 'Receipt not found. Please refresh and try again.',
  'credit-note': 'Credit note not found. Please refresh and try again.',
  'debit-note': 'Debit note not found. Please refresh and try again.',
  'refund-note': 'Refund note not found. Please refresh and try again.',
};

/** GET /api/business/{kind}s/{id}/download, saved as '{kind}-{number}.pdf'. */
export function downloadDocumentPdf(document: DocumentRef): Promise<void> {
  return downloadFile(
    () =>
      api.get<Blob>(`/api/business/${document.kind}s/${document.id}/download`, {
        responseType: 'blob',
      }),
    `${document.kind}-${document.number}.pdf`,
  );
}
