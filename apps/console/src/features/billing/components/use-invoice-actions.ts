import type { InvoiceSummary, ProcessPaymentBody, RejectPaymentBody } from '@patrol/contracts';
import { fromSen, invoiceOwedSen, toSen } from '@patrol/domain';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  useProcessPayment,
  useRejectPayment,
  useRevertInvoice,
  useSendInvoice,
  useValidatePayment,
  type InvoiceFilters,
} from '@/features/billing/api/invoices';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { changeListedRow } from '@/features/billing/lib/optimistic-list';
import { useActionGuard } from '@/features/billing/lib/use-action-guard';
import { queryKeys } from '@/lib/query-keys';
import { useRejectPaymentEntry } from '@/features/billing/api/reject-payment-entry';
import { useValidatePaymentEntry } from '@/features/billing/api/validate-payment-entry';
import type { PaymentReviewTarget } from './payment-review-dialog';

/**
 * The invoice actions: payments and reverts are applied to the list at once and undone (then
 * refetched) if the server refuses; the same action on the same invoice runs once at a time.
 */
export function useInvoiceActions(filters: InvoiceFilters) {
  const queryClient = useQueryClient();
  const guard = useActionGuard();
  const processPayment = useProcessPayment();
  const validate = useValidatePayment();
  const reject = useRejectPayment();
  const validateEntry = useValidatePaymentEntry();
  const rejectEntry = useRejectPaymentEntry();
  const send = useSendInvoice();
  const revert = useRevertInvoice();
  const change = (id: string, patch: (row: InvoiceSummary) => InvoiceSummary | null) =>
    changeListedRow<InvoiceSummary>(
      queryClient,
      queryKeys.billing.invoices(filters),
      'invoices',
      id,
      patch,
    );

  const pay = async (invoice: InvoiceSummary, body: ProcessPaymentBody): Promise<boolean> => {
    let accepted = false;
    await guard.run(`pay:${invoice.id}`, async () => {
      const undo = change(invoice.id, (row) => {
        const paidSen = toSen(row.paidAmount) + toSen(body.amount);
        return {
          ...row,
          paidAmount: fromSen(paidSen),
          outstandingAmount: fromSen(Math.max(0, invoiceOwedSen(row) - paidSen)),
          paymentStatus: 'pending',
        };
      });
      try {
        await processPayment.mutateAsync({ id: invoice.id, body });
        toast.success('Payment processed successfully');
        accepted = true;
      } catch (error) {
        undo();
        toast.error(billingActionFailure('processing payment', error));
      }
    });
    return accepted;
  };

  /** Validate or Reject of every pending payment, or of one payment when the review names it. */
  const sendReview = ({ kind, invoice, entry }: PaymentReviewTarget, body: RejectPaymentBody) => {
    const validationNotes = body.validationNotes;
    if (entry) {
      const ref = { invoiceId: invoice.id, paymentId: entry.id };
      return kind === 'validate'
        ? validateEntry.mutateAsync({ entry: ref, body: { validationNotes } })
        : rejectEntry.mutateAsync({ entry: ref, body });
    }
    return kind === 'validate'
      ? validate.mutateAsync({ id: invoice.id, body: { validationNotes } })
      : reject.mutateAsync({ id: invoice.id, body });
  };

  const review = async (target: PaymentReviewTarget, body: RejectPaymentBody): Promise<boolean> => {
    let accepted = false;
    const key = `${target.kind}:${target.entry?.id ?? target.invoice.id}`;
    await guard.run(key, async () => {
      try {
        toast.success((await sendReview(target, body)).message);
        accepted = true;
      } catch (error) {
        // A refused rejection keeps the dialog open with the reason typed (spec 3 section 8).
        toast.error(
          billingActionFailure(
            target.kind === 'validate' ? 'validating payment' : 'rejecting payment',
            error,
          ),
        );
      }
    });
    return accepted;
  };

  return {
    isRunning: guard.isRunning,
    paying: processPayment.isPending,
    reviewing:
      validate.isPending || reject.isPending || validateEntry.isPending || rejectEntry.isPending,
    pay,
    review,
    send: (invoice: InvoiceSummary) =>
      guard.run(`send:${invoice.id}`, async () => {
        try {
          // The server says whether it e-mailed the invoice or only marked it sent.
          toast.success((await send.mutateAsync(invoice.id)).message);
        } catch (error) {
          toast.error(billingActionFailure('sending invoice', error));
        }
      }),
    revert: (invoice: InvoiceSummary) =>
      guard.run(`revert:${invoice.id}`, async () => {
        const undo = change(invoice.id, () => null);
        try {
          toast.success((await revert.mutateAsync(invoice.id)).message);
        } catch (error) {
          undo();
          toast.error(billingActionFailure('reverting invoice', error));
        }
      }),
  };
}

/** What useInvoiceActions answers: the actions and whether each is running. */
export type InvoiceActions = ReturnType<typeof useInvoiceActions>;
