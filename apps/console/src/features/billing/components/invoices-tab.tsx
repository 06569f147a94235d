import {
  billingDateRanges,
  dueStatuses,
  type BillingDateRange,
  type DueStatus,
  type PaymentStatus,
} from '@patrol/contracts';
import { useCallback, useState } from 'react';
import { useInvoices, type InvoiceFilters } from '@/features/billing/api/invoices';
import { dateRangeLabels, humanise } from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useDownloadCycle } from '@/lib/download';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import { InvoiceDialogs } from './invoice-dialogs';
import { InvoiceNotesSection } from './invoice-notes-section';
import type { InvoiceDialog } from './invoice-row-actions';
import { InvoicesTable } from './invoices-table';
import { useInvoiceActions } from './use-invoice-actions';

/** The payment states the filter offers (spec 3 section 2). */
const paymentStatusFilter = [
  'unpaid',
  'pending',
  'partial',
  'paid',
  'overdue',
  'cancelled',
] as const;
const filterNames = ['search', 'paymentStatus', 'dateRange', 'dueStatus'] as const;
const allowedFilters = {
  paymentStatus: paymentStatusFilter,
  dateRange: billingDateRanges,
  dueStatus: dueStatuses,
};
const dueStatusLabels: Record<DueStatus, string> = {
  due_today: 'Due today',
  overdue: 'Overdue',
  due_soon: 'Due within 7 days',
};

/** The Invoices tab: list, filters, payments, their validation, send and revert. */
export function InvoicesTab() {
  const { filters, page, update } = useTabFilters(filterNames, allowedFilters);
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) =>
    update({ search }),
  );
  const query: InvoiceFilters = {
    page,
    search: filters.search,
    paymentStatus: filters.paymentStatus as PaymentStatus | undefined,
    dateRange: filters.dateRange as BillingDateRange | undefined,
    dueStatus: filters.dueStatus as DueStatus | undefined,
  };
  const invoices = useInvoices(query);
  const [dialog, setDialog] = useState<InvoiceDialog | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const actions = useInvoiceActions(query);
  const pdf = useDownloadCycle();
  const list = invoices.data;

  return (
    <>
      <BillingListCard
        title="Invoices"
        caption={showingCaption(list, list?.invoices.length, 'invoices')}
        actions={
          <RefreshButton onClick={() => void invoices.refetch()} busy={invoices.isFetching} />
        }
        search={{
          label: 'Search invoices',
          placeholder: 'Invoice number or client...',
          value: searchText,
          onChange: setSearchText,
        }}
        filters={
          <>
            <FilterSelect
              label="Payment status"
              allLabel="All statuses"
              value={filters.paymentStatus}
              options={paymentStatusFilter.map((value) => ({ value, label: humanise(value) }))}
              onChange={(paymentStatus) => update({ paymentStatus })}
            />
            <FilterSelect
              label="Date range"
              allLabel="Any date"
              value={filters.dateRange}
              options={billingDateRanges.map((value) => ({ value, label: dateRangeLabels[value] }))}
              onChange={(dateRange) => update({ dateRange })}
            />
            <FilterSelect
              label="Due status"
              allLabel="Any due date"
              value={filters.dueStatus}
              options={dueStatuses.map((value) => ({ value, label: dueStatusLabels[value] }))}
              onChange={(dueStatus) => update({ dueStatus })}
            />
          </>
        }
        state={{ loading: !list, error: invoices.error, onRetry: () => void invoices.refetch() }}
        loadingText="Loading invoices..."
        emptyText="No invoices found matching your criteria"
        isEmpty={list?.invoices.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <InvoicesTable
          invoices={list?.invoices ?? []}
          actions={actions}
          pdf={pdf}
          onOpen={setDialog}
        />
      </BillingListCard>
      <InvoiceNotesSection />
      <InvoiceDialogs dialog={dialog} actions={actions} onClose={closeDialog} />
    </>
  );
}
