import type { ConvertQuotationBody, QuotationSummary } from '@patrol/contracts';
import type { QuotationWorkflowAction } from '@patrol/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import {
  useConvertQuotation,
  useDeleteQuotation,
  useSendQuotation,
  useSetQuotationStatus,
  type QuotationFilters,
} from '@/features/billing/api/quotations';
import {
  billingActionFailure,
  quotationFailureFallbacks,
} from '@/features/billing/lib/billing-errors';
import { changeListedRow } from '@/features/billing/lib/optimistic-list';
import { useActionGuard } from '@/features/billing/lib/use-action-guard';
import { queryKeys } from '@/lib/query-keys';

/**
 * The quotation actions, each applied to the list at once and undone (then refetched) if the
 * server refuses; the same action on the same quotation runs once at a time.
 */
export function useQuotationActions(filters: QuotationFilters) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const guard = useActionGuard();
  const setStatus = useSetQuotationStatus();
  const convert = useConvertQuotation();
  const send = useSendQuotation();
  const remove = useDeleteQuotation();
  const change = (id: string, patch: (row: QuotationSummary) => QuotationSummary | null) =>
    changeListedRow<QuotationSummary>(
      queryClient,
      queryKeys.billing.quotations(filters),
      'quotations',
      id,
      patch,
    );

  return {
    isRunning: guard.isRunning,
    workflow: (quotation: QuotationSummary, action: QuotationWorkflowAction) =>
      guard.run(`${action.action}:${quotation.id}`, async () => {
        const undo = change(quotation.id, (row) => ({ ...row, status: action.targetStatus }));
        try {
          const response = await setStatus.mutateAsync({
            id: quotation.id,
            status: action.targetStatus,
          });
          toast.success(response.message);
        } catch (error) {
          undo();
          toast.error(
            billingActionFailure(
              'updating quotation status',
              error,
              quotationFailureFallbacks.status,
            ),
          );
        }
      }),
    /** Converts with the dates the user confirmed; the toast opens the new invoice. */
    convert: async (quotation: QuotationSummary, dates: ConvertQuotationBody) => {
      let converted = false;
      await guard.run(`convert:${quotation.id}`, async () => {
        const undo = change(quotation.id, (row) => ({ ...row, status: 'converted' }));
        try {
          const { message, invoice } = await convert.mutateAsync({ id: quotation.id, dates });
          converted = true;
          toast.success(message, {
            action: {
              label: `Open ${invoice.invoiceNumber}`,
              onClick: () =>
                void navigate(
                  `/billing?tab=invoices&search=${encodeURIComponent(invoice.invoiceNumber)}`,
                ),
            },
          });
        } catch (error) {
          undo();
          toast.error(
            billingActionFailure('converting quotation', error, quotationFailureFallbacks.convert),
          );
        }
      });
      return converted;
    },
    send: (quotation: QuotationSummary) =>
      guard.run(`send:${quotation.id}`, async () => {
        const undo = change(quotation.id, (row) => ({ ...row, status: 'sent' }));
        try {
          toast.success((await send.mutateAsync(quotation.id)).message);
        } catch (error) {
          undo();
          toast.error(billingActionFailure('sending quotation', error));
        }
      }),
    remove: (quotation: QuotationSummary) =>
      guard.run(`delete:${quotation.id}`, async () => {
        const undo = change(quotation.id, () => null);
        try {
          toast.success((await remove.mutateAsync(quotation.id)).message);
        } catch (error) {
          undo();
          toast.error(
            billingActionFailure('deleting quotation', error, quotationFailureFallbacks.delete),
          );
        }
      }),
  };
}

/** What useQuotationActions answers: the actions and whether each is running. */
export type QuotationActions = ReturnType<typeof useQuotationActions>;
