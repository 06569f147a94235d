import type { InvoiceResponse, RejectPaymentBody } from '@patrol/contracts';
import { sendBillingMutation, useBillingMutation } from './billing-request';
import { paymentEntryPath, type PaymentEntryRef } from './payment-entry-path';

/** POST .../payments/{paymentId}/reject: one payment kept as rejected, with the reason. */
export function useRejectPaymentEntry() {
  return useBillingMutation(
    ({ entry, body }: { entry: PaymentEntryRef; body: RejectPaymentBody }) =>
      sendBillingMutation<InvoiceResponse>('post', `${paymentEntryPath(entry)}/reject`, body),
  );
}
