import type { Quotation } from '@patrol/contracts';
import type { QuotationWorkflowAction } from '@patrol/domain';
import { useQueryClient } from '@tanstack/react-query';
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
  const guard = useActionGuard();
  const setStatus = useSetQuotationStatus();
  const convert = useConvertQuotation();
  const send = useSendQuotation();
  const remove = useDeleteQuotation();
  const change = (id: string, patch: (row: Quotation) => Quotation | null) =>
    changeListedRow<Quotation>(
      queryClient,
      queryKeys.billing.quotations(filters),
      'quotations',
      id,
      patch,
    );

  return {
    isRunning: guard.isRunning,
    workflow: (quotation: Quotation, action: QuotationWorkflowAction) =>
      guard.run(`${action.action}:${quotation.id}`, async () => {
        const undo = change(quotation.id, (row) => ({ ...row, status: action.targetStatus }));
        try {
          const response =
            action.action === 'convert'
              ? await convert.mutateAsync(quotation.id)
              : await setStatus.mutateAsync({ id: quotation.id, status: action.targetStatus });
          toast.success(response.message);
        } catch (error) {
          undo();
          toast.error(
            action.action === 'convert'
              ? billingActionFailure(
                  'converting quotation',
                  error,
                  quotationFailureFallbacks.convert,
                )
              : billingActionFailure(
                  'updating quotation status',
                  error,
                  quotationFailureFallbacks.status,
                ),
          );
        }
      }),
    send: (quotation: Quotation) =>
      guard.run(`send:${quotation.id}`, async () => {
        const undo = change(quotation.id, (row) => ({ ...row, status: 'sent' }));
        try {
          toast.success((await send.mutateAsync(quotation.id)).message);
        } catch (error) {
          undo();
          toast.error(billingActionFailure('sending quotation', error));
        }
      }),
    remove: (quotation: Quotation) =>
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
