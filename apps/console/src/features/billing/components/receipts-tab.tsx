import {
  billingDateRanges,
  paymentMethods,
  transactionTypes,
  type BillingDateRange,
  type PaymentMethod,
  type ReceiptSummary,
  type TransactionType,
} from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import { StatCard } from '@/components/stat-card';
import { useReceipt, useReceipts, type ReceiptFilters } from '@/features/billing/api/receipts';
import {
  dateRangeLabels,
  humanise,
  paymentMethodLabel,
} from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useDownloadCycle } from '@/lib/download';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import { ReceiptDetailsDialog } from './receipt-details-dialog';
import { ReceiptsTable } from './receipts-table';

const filterNames = ['search', 'paymentMethod', 'dateRange', 'transactionType'] as const;
const allowedFilters = {
  paymentMethod: paymentMethods,
  dateRange: billingDateRanges,
  transactionType: transactionTypes,
};

/** The Receipts tab: issued by validation, listed here with their figures. */
export function ReceiptsTab() {
  const { filters, page, update } = useTabFilters(filterNames, allowedFilters);
  const [searchText, setSearchText] = useDebouncedSearch(filters.search, (search) =>
    update({ search }),
  );
  const query: ReceiptFilters = {
    page,
    search: filters.search,
    paymentMethod: filters.paymentMethod as PaymentMethod | undefined,
    dateRange: filters.dateRange as BillingDateRange | undefined,
    transactionType: filters.transactionType as TransactionType | undefined,
  };
  const receipts = useReceipts(query);
  const pdf = useDownloadCycle();
  const [viewing, setViewing] = useState<ReceiptSummary | null>(null);
  // The list row has no allocations, lines or history: the details read the receipt whole.
  const whole = useReceipt(viewing?.id ?? null);
  const list = receipts.data;

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title="Receipts"
          value={list?.statistics.total ?? '—'}
          icon={ReceiptIcon}
          variant="info"
        />
        <StatCard
          title="This month"
          value={list?.statistics.thisMonth ?? '—'}
          icon={ReceiptIcon}
          variant="info"
        />
        <StatCard
          title="Total received"
          value={list ? formatMoney(list.statistics.totalAmount) : '—'}
          icon={ReceiptIcon}
        />
      </div>
      <BillingListCard
        title="Receipts"
        caption={showingCaption(list, list?.receipts.length, 'receipts')}
        actions={
          <RefreshButton onClick={() => void receipts.refetch()} busy={receipts.isFetching} />
        }
        search={{
          label: 'Search receipts',
          placeholder: 'Receipt, invoice, client or reference...',
          value: searchText,
          onChange: setSearchText,
        }}
        filters={
          <>
            <FilterSelect
              label="Payment method"
              allLabel="All methods"
              value={filters.paymentMethod}
              options={paymentMethods.map((value) => ({ value, label: paymentMethodLabel(value) }))}
              onChange={(paymentMethod) => update({ paymentMethod })}
            />
            <FilterSelect
              label="Date range"
              allLabel="Any date"
              value={filters.dateRange}
              options={billingDateRanges.map((value) => ({ value, label: dateRangeLabels[value] }))}
              onChange={(dateRange) => update({ dateRange })}
            />
            <FilterSelect
              label="Transaction type"
              allLabel="All types"
              value={filters.transactionType}
              options={transactionTypes.map((value) => ({ value, label: humanise(value) }))}
              onChange={(transactionType) => update({ transactionType })}
            />
          </>
        }
        state={{ loading: !list, error: receipts.error, onRetry: () => void receipts.refetch() }}
        loadingText="Loading receipts..."
        emptyText="No receipts found matching your criteria"
        isEmpty={list?.receipts.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <ReceiptsTable receipts={list?.receipts ?? []} pdf={pdf} onView={setViewing} />
      </BillingListCard>
      <ReceiptDetailsDialog
        receipt={whole.data?.receipt.id === viewing?.id ? (whole.data?.receipt ?? null) : null}
        loading={
          viewing && { summary: viewing, error: whole.error, onRetry: () => void whole.refetch() }
        }
        onOpenChange={(open) => !open && setViewing(null)}
      />
    </div>
  );
}
