import { sharedLinkMessages, type ShareLinkResponse, type SharedPdfQuery } from '@patrol/contracts';
import type { GeneratedFile } from '../../http/downloads';
import { documentClient } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { conflict, notFound } from '../../http/app-error';
import { assertSharedLink, sharedDocumentLink } from '../../security/shared-document-links';
import { downloadInvoicePdf } from './invoice-pdf';
import { findInvoiceById } from './invoices.repo';
import { invoiceRuleMessages } from './invoices.service';

type SharingDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * POST /api/business/invoices/{id}/share-link: a link to the invoice's PDF that opens without an
 * account until it expires, and the client's mobile number for WhatsApp. A void invoice is not
 * shared (409).
 */
export async function createInvoiceShareLink(
  ctx: SharingDeps,
  id: string,
  now: Date = new Date(),
): Promise<ShareLinkResponse> {
  const row = await findInvoiceById(ctx.db, id);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  if (row.isVoided) throw conflict(sharedLinkMessages.voidNotShareable);
  return sharedDocumentLink(ctx, 'invoice', id, documentClient(row.clientInfo).phone, now);
}

/** GET /api/public/invoices/{id}/pdf: the PDF for a valid link; 403 when tampered, 410 expired. */
export async function downloadSharedInvoicePdf(
  ctx: SharingDeps & Pick<AppContext, 'uploads'>,
  id: string,
  query: SharedPdfQuery,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  assertSharedLink(ctx, 'invoice', id, query, now);
  return downloadInvoicePdf(ctx, id, now);
}
