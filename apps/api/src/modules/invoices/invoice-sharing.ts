import { sharedLinkMessages, type ShareLinkResponse, type SharedPdfQuery } from '@patrol/contracts';
import { malaysianMobileForWhatsApp } from '@patrol/domain';
import type { Response } from 'express';
import { documentClient } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import { AppError, conflict, forbidden, notFound } from '../../http/app-error';
import { checkSignedLink, signLink } from '../../security/signed-links';
import { downloadInvoicePdf } from './invoice-pdf';
import { findInvoiceById } from './invoices.repo';
import { invoiceRuleMessages } from './invoices.service';

type SharingDeps = Pick<AppContext, 'db' | 'config'>;

const linkSubject = (id: string) => `invoice-pdf:${id}`;

/**
 * POST /api/business/invoices/{id}/share-link: a link to the invoice's PDF that opens without an
 * account until it expires, and the client's mobile number for WhatsApp. A void invoice is not
 * shared (409).
 */
export async function createInvoiceShareLink(
  { db, config }: SharingDeps,
  id: string,
  now: Date = new Date(),
): Promise<ShareLinkResponse> {
  const row = await findInvoiceById(db, id);
  if (!row) throw notFound(invoiceRuleMessages.notFound);
  if (row.isVoided) throw conflict(sharedLinkMessages.voidNotShareable);
  const { expires, signature } = signLink(config.jwtSecret, linkSubject(id), now);
  const query = new URLSearchParams({ expires: String(expires), signature });
  return {
    success: true,
    url: `${config.appUrl}/api/public/invoices/${id}/pdf?${query}`,
    expiresAt: new Date(expires).toISOString(),
    mobile: malaysianMobileForWhatsApp(documentClient(row.clientInfo).phone),
  };
}

/** GET /api/public/invoices/{id}/pdf: the PDF for a valid link; 403 when tampered, 410 expired. */
export async function downloadSharedInvoicePdf(
  ctx: SharingDeps & Pick<AppContext, 'uploads'>,
  id: string,
  query: SharedPdfQuery,
  res: Response,
  now: Date = new Date(),
): Promise<void> {
  const check = checkSignedLink(
    ctx.config.jwtSecret,
    linkSubject(id),
    query.expires,
    query.signature,
    now,
  );
  if (check === 'invalid') throw forbidden(sharedLinkMessages.invalid);
  if (check === 'expired') throw new AppError(410, 'GONE', sharedLinkMessages.expired);
  await downloadInvoicePdf(ctx, id, res, now);
}
