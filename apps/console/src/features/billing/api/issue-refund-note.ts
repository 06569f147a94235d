import type { CreateInvoiceNoteResponse, CreateRefundNoteBody } from '@patrol/contracts';
import { sendBillingMutation, useBillingMutation } from './billing-request';

/** POST /api/business/invoices/{id}/refund-notes: money paid back to the client, as an RN- note. */
export function useIssueRefundNote() {
  return useBillingMutation(
    ({ invoiceId, body }: { invoiceId: string; body: CreateRefundNoteBody }) =>
      sendBillingMutation<CreateInvoiceNoteResponse>(
        'post',
        `/api/business/invoices/${invoiceId}/refund-notes`,
        body,
      ),
  );
}
