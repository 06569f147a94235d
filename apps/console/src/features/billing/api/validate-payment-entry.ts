import type { InvoiceResponse, ValidatePaymentBody } from '@patrol/contracts';
import { sendBillingMutation, useBillingMutation } from './billing-request';
import { paymentEntryPath, type PaymentEntryRef } from './payment-entry-path';

/** POST .../payments/{paymentId}/validate: one payment validated, its receipt issued. */
export function useValidatePaymentEntry() {
  return useBillingMutation(
    ({ entry, body }: { entry: PaymentEntryRef; body: ValidatePaymentBody }) =>
      sendBillingMutation<InvoiceResponse>('post', `${paymentEntryPath(entry)}/validate`, body),
  );
}
