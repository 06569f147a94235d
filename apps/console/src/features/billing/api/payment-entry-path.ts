/** The invoice and one of its payment entries. */
export type PaymentEntryRef = { invoiceId: string; paymentId: string };

/** The path of one payment entry's calls. */
export const paymentEntryPath = ({ invoiceId, paymentId }: PaymentEntryRef) =>
  `/api/business/invoices/${encodeURIComponent(invoiceId)}/payments/${encodeURIComponent(paymentId)}`;
