import type { ShareLinkResponse, SharedPdfQuery } from '@patrol/contracts';
import type { GeneratedFile } from '../../http/downloads';
import { documentClient } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import { assertSharedLink, sharedDocumentLink } from '../../security/shared-document-links';
import { quotationRuleMessages } from './quotation-messages';
import { downloadQuotationPdf } from './quotation-pdf';
import { findQuotationById } from './quotations.repo';

type SharingDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * POST /api/business/quotations/{id}/share-link: a link to the quotation's PDF that opens without
 * an account for 7 days, and the client's mobile number for WhatsApp.
 */
export async function createQuotationShareLink(
  ctx: SharingDeps,
  id: string,
  now: Date = new Date(),
): Promise<ShareLinkResponse> {
  const row = await findQuotationById(ctx.db, id);
  if (!row) throw notFound(quotationRuleMessages.notFound);
  return sharedDocumentLink(ctx, 'quotation', id, documentClient(row.clientInfo).phone, now);
}

/** GET /api/public/quotations/{id}/pdf: the PDF for a valid link; 403 tampered, 410 expired. */
export async function downloadSharedQuotationPdf(
  ctx: SharingDeps & Pick<AppContext, 'uploads'>,
  id: string,
  query: SharedPdfQuery,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  assertSharedLink(ctx, 'quotation', id, query, now);
  return downloadQuotationPdf(ctx, id, now);
}
