import type { InvoiceResponse } from '@patrol/contracts';
import { formatBusinessDate, formatMoney } from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { conflict } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { emailDocument } from '../../mail/document-mail';
import { renderBillingPdf } from '../../pdf/billing-pdf';
import { invoicePdf, readInvoiceDocument } from './invoice-pdf';
import { invoiceRuleMessages, markInvoiceSent } from './invoices.service';

export const documentSendingMessages = {
  emailed: (kind: 'Invoice' | 'Quotation', to: string) => `${kind} sent successfully to ${to}`,
  marked: (kind: 'Invoice' | 'Quotation') =>
    `${kind} marked as sent. No mail server is configured, so nothing was e-mailed.`,
  noEmail: (kind: 'invoice' | 'quotation') =>
    `The client has no e-mail address: add one to the client, then send the ${kind} again`,
} as const;

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
  if (!ctx.mailer.delivers) {
    const message = documentSendingMessages.marked('Invoice');
    return markInvoiceSent(ctx, actor, id, { sentTo: null, message }, now);
  }
  const to = invoice.clientInfo.email;
  if (!to) throw conflict(documentSendingMessages.noEmail('invoice'));
  const greeting = invoice.clientInfo.contactPerson || invoice.clientInfo.companyName;
  await emailDocument(ctx.mailer, {
    to,
    subject: `Invoice ${invoice.invoiceNumber} from ${company.company.name}`,
    text: [
      `Dear ${greeting},`,
      `Please find attached invoice ${invoice.invoiceNumber} for ${formatMoney(invoice.totalAmount)}, due on ${formatBusinessDate(invoice.dueDate)}.`,
      `Regards,\n${company.company.name}`,
    ].join('\n\n'),
    filename: `invoice-${invoice.invoiceNumber}.pdf`,
    pdf: renderBillingPdf(invoicePdf(invoice, company)),
  });
  const message = documentSendingMessages.emailed('Invoice', to);
  return markInvoiceSent(ctx, actor, id, { sentTo: to, message }, now);
}
