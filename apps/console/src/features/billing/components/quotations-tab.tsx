import { quotationStatuses, type QuotationStatus } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  useBillingClients,
  useQuotations,
  type QuotationFilters,
} from '@/features/billing/api/quotations';
import { humanise } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { useDownloadCycle } from '@/lib/download';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import {
  QuotationDialogs,
  useOpenQuotationDialog,
  type QuotationDialog,
} from './quotation-dialogs';
import { QuotationsTable } from './quotations-table';
import { useQuotationActions } from './use-quotation-actions';

const filterNames = ['search', 'status', 'clientId'] as const;
const allowedFilters = { status: quotationStatuses };

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
  const [dialog, setDialog] = useState<QuotationDialog | null>(null);
  const actions = useQuotationActions(query);
  const pdf = useDownloadCycle();
  const list = quotations.data;
  const open = useOpenQuotationDialog(setDialog);
  const close = () => setDialog(null);

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
      <QuotationDialogs dialog={dialog} actions={actions} onClose={close} />
    </>
  );
}
