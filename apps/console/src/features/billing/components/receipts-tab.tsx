import {
  billingDateRanges,
  paymentMethods,
  transactionTypes,
  type BillingDateRange,
  type PaymentMethod,
  type Receipt,
  type TransactionType,
} from '@patrol/contracts';
import { formatMoney, receiptShareMessage } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { useDownloadCycle } from '@/lib/download';
import { EyeIcon, ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import { StatCard } from '@/components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import {
  createReceiptShareLink,
  useReceipts,
  type ReceiptFilters,
} from '@/features/billing/api/receipts';
import {
  dateRangeLabels,
  humanise,
  paymentMethodLabel,
  transactionTypeTones,
} from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { ClientNameCell } from './client-name-cell';
import {
  BillingListCard,
  billingTableClass,
  RefreshButton,
  showingCaption,
} from './billing-list-card';
import { FilterSelect } from './filter-select';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton } from './icon-button';
import { ReceiptDetailsDialog } from './receipt-details-dialog';

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
  const [viewing, setViewing] = useState<Receipt | null>(null);
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
        <Table className={billingTableClass}>
          <TableHeader>
            <TableRow>
              <TableHead>Receipt #</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Client</TableHead>
              <TableHead numeric>Amount</TableHead>
              <TableHead>Method</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead>Verification</TableHead>
              <TableHead numeric>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list?.receipts.map((receipt) => (
              <TableRow key={receipt.id}>
                <TableCell>
                  <div className="font-mono text-xs">{receipt.receiptNumber}</div>
                  <div className="font-mono text-xs text-muted-foreground">
                    {receipt.invoiceNumbers.join(', ')}
                  </div>
                </TableCell>
                <TableCell>{formatBusinessDate(receipt.paymentDate)}</TableCell>
                <ClientNameCell companyName={receipt.clientInfo.companyName} />
                <TableCell numeric>{formatMoney(receipt.totalAmount, receipt.currency)}</TableCell>
                <TableCell>{paymentMethodLabel(receipt.paymentMethod)}</TableCell>
                <TableCell>
                  <StatusBadge
                    status={receipt.transactionType}
                    tones={transactionTypeTones}
                    label={humanise(receipt.transactionType)}
                  />
                </TableCell>
                <TableCell className="max-w-40 truncate">{receipt.referenceNumber}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">
                  {receipt.verificationCode}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <IconButton
                      label={`View ${receipt.receiptNumber}`}
                      onClick={() => setViewing(receipt)}
                    >
                      <EyeIcon />
                    </IconButton>
                    <PdfButton
                      document={{ kind: 'receipt', id: receipt.id, number: receipt.receiptNumber }}
                      state={pdf.stateOf(receipt.id)}
                      run={pdf.run}
                    />
                    <WhatsAppButton
                      kind="receipt"
                      number={receipt.receiptNumber}
                      clientName={receipt.clientInfo.companyName}
                      phone={receipt.clientInfo.phone}
                      pdfLink={() => createReceiptShareLink(receipt.id)}
                      message={(sender) =>
                        receiptShareMessage(
                          {
                            number: receipt.receiptNumber,
                            clientName: receipt.clientInfo.companyName,
                            contactPerson: receipt.clientInfo.contactPerson,
                            total: receipt.totalAmount,
                            paymentDate: receipt.paymentDate,
                            paymentMethod: paymentMethodLabel(receipt.paymentMethod),
                            verificationCode: receipt.verificationCode,
                          },
                          sender,
                        )
                      }
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </BillingListCard>
      <ReceiptDetailsDialog receipt={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </div>
  );
}
