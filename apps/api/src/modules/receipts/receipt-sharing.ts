import type { ShareLinkResponse, SharedPdfQuery } from '@patrol/contracts';
import type { GeneratedFile } from '../../http/downloads';
import { documentClient } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import { assertSharedLink, sharedDocumentLink } from '../../security/shared-document-links';
import { downloadReceiptPdf, receiptNotFoundMessage } from './receipt-pdf';
import { findReceiptById } from './receipts.repo';

type SharingDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * POST /api/business/receipts/{id}/share-link: a link to the receipt's PDF that opens without an
 * account for 7 days, and the client's mobile number for WhatsApp.
 */
export async function createReceiptShareLink(
  ctx: SharingDeps,
  id: string,
  now: Date = new Date(),
): Promise<ShareLinkResponse> {
  const row = await findReceiptById(ctx.db, id);
  if (!row) throw notFound(receiptNotFoundMessage);
  return sharedDocumentLink(ctx, 'receipt', id, documentClient(row.clientInfo).phone, now);
}

/** GET /api/public/receipts/{id}/pdf: the PDF for a valid link; 403 tampered, 410 expired. */
export async function downloadSharedReceiptPdf(
  ctx: SharingDeps & Pick<AppContext, 'uploads'>,
  id: string,
  query: SharedPdfQuery,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  assertSharedLink(ctx, 'receipt', id, query, now);
  return downloadReceiptPdf(ctx, id);
}
