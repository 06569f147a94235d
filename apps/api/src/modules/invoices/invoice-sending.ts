import type { InvoiceResponse } from '@patrol/contracts';
import { formatBusinessDate, formatMoney } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { deliverDocument } from '../../mail/document-mail';
import { renderBillingPdf } from '../../pdf/billing-pdf';
import { invoicePdf, readInvoiceDocument } from './invoice-pdf';
import { invoiceRuleMessages, markInvoiceSent } from './invoices.service';

/**
 * POST /api/business/invoices/{id}/send: with SMTP configured, e-mails the invoice's PDF to the
 * client's address and records it; without, only marks it sent and says so. A refused e-mail
 * leaves the invoice unsent.
 */
export async function sendInvoiceToClient(
  ctx: Pick<AppContext, 'db' | 'events' | 'uploads' | 'mailer'>,
  actor: AuthUser,
  id: string,
  now: Date = new Date(),
): Promise<InvoiceResponse> {
  const { invoice, company } = await readInvoiceDocument(ctx, id, now);
  if (invoice.isVoided) throw conflict(invoiceRuleMessages.voidedNotSendable);
  const delivery = await deliverDocument(ctx.mailer, {
    kind: 'invoice',
    number: invoice.invoiceNumber,
    client: invoice.clientInfo,
    companyName: company.company.name,
    sentence: `Please find attached invoice ${invoice.invoiceNumber} for ${formatMoney(invoice.totalAmount)}, due on ${formatBusinessDate(invoice.dueDate)}.`,
    pdf: () => renderBillingPdf(invoicePdf(invoice, company)),
  });
  return markInvoiceSent(ctx, actor, id, delivery, now);
}
