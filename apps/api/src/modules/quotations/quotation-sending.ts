import type { QuotationResponse } from '@patrol/contracts';
import { formatBusinessDate, formatMoney } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import { deliverDocument } from '../../mail/document-mail';
import { renderBillingPdf } from '../../pdf/billing-pdf';
import { quotationPdf, readQuotationDocument } from './quotation-pdf';
import { assertQuotationSendable, markQuotationSent } from './quotation-status.service';

/**
 * POST /api/business/quotations/{id}/send: with SMTP configured, e-mails the quotation's PDF to
 * the client's address and records it; without, only marks it sent and says so. A refused e-mail
 * leaves the quotation as it was.
 */
export async function sendQuotationToClient(
  ctx: Pick<AppContext, 'db' | 'events' | 'uploads' | 'mailer'>,
  actor: AuthUser,
  id: string,
  now: Date = new Date(),
): Promise<QuotationResponse> {
  const { quotation, company } = await readQuotationDocument(ctx, id, now);
  assertQuotationSendable(quotation.status);
  const delivery = await deliverDocument(ctx.mailer, {
    kind: 'quotation',
    number: quotation.quotationNumber,
    client: quotation.clientInfo,
    companyName: company.company.name,
    sentence: `Please find attached quotation ${quotation.quotationNumber} for ${formatMoney(quotation.totalAmount)}, valid until ${formatBusinessDate(quotation.validUntil)}.`,
    pdf: () => renderBillingPdf(quotationPdf(quotation, company)),
  });
  return markQuotationSent(ctx, actor, id, delivery, now);
}
