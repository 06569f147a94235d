import type {
  CreateInvoiceNoteBody,
  CreateInvoiceNoteResponse,
  AdjustmentNoteKind,
} from '@patrol/contracts';
import { sendBillingMutation, useBillingMutation } from './billing-request';

/** POST /api/business/invoices/{id}/credit-notes (or debit-notes): a note issued. */
export function useIssueInvoiceNote() {
  return useBillingMutation(
    ({
      kind,
      invoiceId,
      body,
    }: {
      kind: AdjustmentNoteKind;
      invoiceId: string;
      body: CreateInvoiceNoteBody;
    }) =>
      sendBillingMutation<CreateInvoiceNoteResponse>(
        'post',
        `/api/business/invoices/${invoiceId}/${kind}-notes`,
        body,
      ),
  );
}
