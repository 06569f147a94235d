import { quotationStatuses, type Quotation, type QuotationStatus } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  quotationQuery,
  useBillingClients,
  useQuotation,
  useQuotations,
  type QuotationFilters,
} from '@/features/billing/api/quotations';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { humanise } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { useDownloadCycle } from '@/lib/download';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { ConvertQuotationDialog } from './convert-quotation-dialog';
import { FilterSelect } from './filter-select';
import { QuotationConfirmDialogs } from './quotation-confirm-dialogs';
import { QuotationDetailsDialog } from './quotation-details-dialog';
import { QuotationFormDialog } from './quotation-form-dialog';
import type { QuotationRowDialog } from './quotation-row-actions';
import { QuotationsTable } from './quotations-table';
import { useQuotationActions } from './use-quotation-actions';

const filterNames = ['search', 'status', 'clientId'] as const;
const allowedFilters = { status: quotationStatuses };

type Dialog = { kind: 'create' } | QuotationRowDialog | null;

/** The Quotations tab: list, filters, workflow buttons and the quotation dialogs. */
export function QuotationsTab() {
  const { user } = useAuth();
  const { filters, page, update } = useTabFilters(filterNames, allowedFilters);
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) =>
    update({ search }),
  );
  const query: QuotationFilters = {
    page,
    search: filters.search,
    status: filters.status as QuotationStatus | undefined,
    clientId: filters.clientId,
  };
  const quotations = useQuotations(query);
  const clients = useBillingClients('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useQuotationActions(query);
  const pdf = useDownloadCycle();
  const list = quotations.data;
  // The list rows have no lines: the details read the quotation whole and follow it; the edit
  // form starts from it read once, so a refresh behind the form never replaces what is typed.
  const viewed = useQuotation(dialog?.kind === 'view' ? dialog.quotation.id : null);
  const [editing, setEditing] = useState<Quotation | null>(null);
  const queryClient = useQueryClient();
  const open = async (next: QuotationRowDialog) => {
    if (next.kind !== 'edit') return setDialog(next);
    try {
      setEditing((await queryClient.fetchQuery(quotationQuery(next.quotation.id))).quotation);
    } catch (error) {
      toast.error(billingActionFailure('loading quotation', error));
    }
  };
  const close = () => {
    setDialog(null);
    setEditing(null);
  };

  return (
    <>
      <BillingListCard
        title="Quotations"
        caption={showingCaption(list, list?.quotations.length, 'quotations')}
        actions={
          <>
            <RefreshButton onClick={() => void quotations.refetch()} busy={quotations.isFetching} />
            {canPerform(user, 'createQuotation') && (
              <Button onClick={() => setDialog({ kind: 'create' })}>
                <PlusIcon aria-hidden="true" />
                Create Quotation
              </Button>
            )}
          </>
        }
        search={{
          label: 'Search quotations',
          placeholder: 'Quotation number or client...',
          value: searchText,
          onChange: setSearchText,
        }}
        filters={
          <>
            <FilterSelect
              label="Status"
              allLabel="All statuses"
              value={filters.status}
              options={quotationStatuses.map((value) => ({ value, label: humanise(value) }))}
              onChange={(status) => update({ status })}
            />
            <FilterSelect
              label="Client"
              allLabel="All clients"
              value={filters.clientId}
              options={(clients.data?.clients ?? []).map((client) => ({
                value: client.id,
                label: client.companyName,
              }))}
              onChange={(clientId) => update({ clientId })}
            />
          </>
        }
        state={{
          loading: !list,
          error: quotations.error,
          onRetry: () => void quotations.refetch(),
        }}
        loadingText="Loading quotations..."
        emptyText="No quotations found matching your criteria"
        isEmpty={list?.quotations.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <QuotationsTable
          quotations={list?.quotations ?? []}
          actions={actions}
          pdf={pdf}
          onOpen={(next) => void open(next)}
        />
      </BillingListCard>
      <QuotationFormDialog
        open={dialog?.kind === 'create' || editing !== null}
        quotation={editing}
        onOpenChange={(open) => !open && close()}
      />
      <QuotationDetailsDialog
        quotation={dialog?.kind === 'view' && viewed.data ? viewed.data.quotation : null}
        loading={
          dialog?.kind === 'view'
            ? {
                summary: dialog.quotation,
                error: viewed.error,
                onRetry: () => void viewed.refetch(),
              }
            : null
        }
        onOpenChange={(open) => !open && close()}
      />
      <QuotationConfirmDialogs
        dialog={dialog?.kind === 'create' ? null : dialog}
        actions={actions}
        onClose={close}
      />
      <ConvertQuotationDialog
        quotation={dialog?.kind === 'convert' ? dialog.quotation : null}
        onOpenChange={(open) => !open && close()}
        pending={dialog?.kind === 'convert' && actions.isRunning(`convert:${dialog.quotation.id}`)}
        onSubmit={actions.convert}
      />
    </>
  );
}
