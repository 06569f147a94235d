import { formatBusinessDate } from './dates';
import { formatMoney } from './money';
import { malaysianMobileForWhatsApp } from './phone';

/** The sender's details printed in a shared message (company settings). */
export interface ShareSender {
  companyName: string;
  phone?: string;
  email?: string;
  bankDetails?: { bankName?: string; accountNumber?: string; accountName?: string };
}

interface SharedDocumentBase {
  number: string;
  clientName: string;
  contactPerson?: string;
  total: number;
}

export type SharedQuotation = SharedDocumentBase & { status: string; validUntil: string };
export type SharedInvoice = SharedDocumentBase & {
  dueDate: string;
  outstanding: number;
  paymentStatus: string;
  paymentValidationStatus: string;
};
export type SharedReceipt = SharedDocumentBase & {
  paymentDate: string;
  paymentMethod: string;
  verificationCode: string;
};

const greeting = (doc: SharedDocumentBase) => `Hello ${doc.contactPerson || doc.clientName},`;

function signature(sender: ShareSender): string {
  const contact = [sender.phone, sender.email].filter(Boolean).join(' | ');
  return [`Regards,`, sender.companyName, contact].filter(Boolean).join('\n');
}

function bankLines(sender: ShareSender): string[] {
  const bank = sender.bankDetails;
  if (!bank?.bankName || !bank.accountNumber) return [];
  return [
    'Payment by bank transfer:',
    `${bank.bankName} ${bank.accountNumber}${bank.accountName ? ` (${bank.accountName})` : ''}`,
  ];
}

const paragraphs = (...parts: (string | string[])[]) =>
  parts
    .map((part) => (Array.isArray(part) ? part.join('\n') : part))
    .filter(Boolean)
    .join('\n\n');

/** The WhatsApp text of a quotation; it follows the quotation's status. */
export function quotationShareMessage(quotation: SharedQuotation, sender: ShareSender): string {
  const amount = formatMoney(quotation.total);
  const body =
    quotation.status === 'accepted' || quotation.status === 'converted'
      ? `Thank you for accepting quotation ${quotation.number} (${amount}). We will send the invoice shortly.`
      : quotation.status === 'expired'
        ? `Quotation ${quotation.number} (${amount}) expired on ${formatBusinessDate(quotation.validUntil)}. Reply to this message and we will renew it.`
        : `Please find quotation ${quotation.number} for ${amount}, valid until ${formatBusinessDate(quotation.validUntil)}.`;
  return paragraphs(greeting(quotation), body, signature(sender));
}

/** The WhatsApp text of an invoice: a thank-you once paid and validated, a reminder otherwise. */
export function invoiceShareMessage(invoice: SharedInvoice, sender: ShareSender): string {
  const settled =
    (invoice.paymentStatus === 'paid' || invoice.paymentStatus === 'overpaid') &&
    invoice.paymentValidationStatus === 'validated';
  if (settled) {
    return paragraphs(
      greeting(invoice),
      `Thank you for your payment of invoice ${invoice.number} (${formatMoney(invoice.total)}). It has been received and confirmed; your receipt follows.`,
      signature(sender),
    );
  }
  const overdue = invoice.paymentStatus === 'overdue';
  return paragraphs(
    greeting(invoice),
    `${overdue ? 'A reminder that invoice' : 'Please find invoice'} ${invoice.number} for ${formatMoney(invoice.total)}, ${overdue ? 'was due' : 'due'} on ${formatBusinessDate(invoice.dueDate)}. Outstanding: ${formatMoney(invoice.outstanding)}.`,
    bankLines(sender),
    signature(sender),
  );
}

/** The WhatsApp text of a receipt, with its verification code. */
export function receiptShareMessage(receipt: SharedReceipt, sender: ShareSender): string {
  return paragraphs(
    greeting(receipt),
    `Receipt ${receipt.number}: we received ${formatMoney(receipt.total)} by ${receipt.paymentMethod} on ${formatBusinessDate(receipt.paymentDate)}. Verification code: ${receipt.verificationCode}.`,
    signature(sender),
  );
}

export const whatsappBlockedMessages = {
  noMobile:
    "WhatsApp needs the client's mobile number (01x or +601x); the client's phone is a landline or missing",
  void: 'This invoice is void: it cannot be shared with the client',
  awaitingValidation: 'WhatsApp is unavailable while the payment awaits validation',
} as const;

/** Why a document cannot go to the client on WhatsApp, or null when it can. */
export function whatsappBlockedReason(document: {
  phone: string | null | undefined;
  isVoided?: boolean;
  paymentStatus?: string;
  paymentValidationStatus?: string;
}): string | null {
  if (document.isVoided) return whatsappBlockedMessages.void;
  if (
    document.paymentStatus === 'paid' &&
    document.paymentValidationStatus === 'pending_validation'
  ) {
    return whatsappBlockedMessages.awaitingValidation;
  }
  return malaysianMobileForWhatsApp(document.phone) ? null : whatsappBlockedMessages.noMobile;
}
