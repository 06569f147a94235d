import {
  billingDateRanges,
  dueStatuses,
  type BillingDateRange,
  type DueStatus,
  type Invoice,
  type InvoiceNoteKind,
  type PaymentStatus,
} from '@patrol/contracts';
import { businessDay, formatMoney, hasPermission } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { useDownloadCycle } from '@/lib/download';
import { useState } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useInvoices, type InvoiceFilters } from '@/features/billing/api/invoices';
import {
  dateRangeLabels,
  humanise,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { ClientNameCell } from './client-name-cell';
import {
  BillingListCard,
  billingTableClass,
  RefreshButton,
  showingCaption,
} from './billing-list-card';
import { FilterSelect } from './filter-select';
import { EinvoiceStatus } from './einvoice-status';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { InvoiceNoteDialog } from './invoice-note-dialog';
import { InvoiceNotesSection } from './invoice-notes-section';
import { PaymentReviewDialog, type PaymentReviewTarget } from './payment-review-dialog';
import { ProcessPaymentDialog } from './process-payment-dialog';
import { InvoiceRowActions, type InvoiceDialog } from './invoice-row-actions';
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
  // One payment's review, opened over the invoice's details.
  const [entryReview, setEntryReview] = useState<PaymentReviewTarget | null>(null);
  // A credit or debit note, opened over the invoice's details.
  const [noteTarget, setNoteTarget] = useState<{ kind: InvoiceNoteKind; invoice: Invoice } | null>(
    null,
  );
  const { user } = useAuth();
  const actions = useInvoiceActions(query);
  const pdf = useDownloadCycle();
  const list = invoices.data;
  const today = businessDay(new Date());
  const close = () => setDialog(null);

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
        <Table className={billingTableClass}>
          <TableHeader>
            <TableRow>
              <TableHead>Invoice #</TableHead>
              <TableHead>Client</TableHead>
              <TableHead>Issue Date</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead numeric>Amount</TableHead>
              <TableHead numeric>Outstanding</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Validation</TableHead>
              <TableHead numeric>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list?.invoices.map((invoice) => {
              const pastDue =
                invoice.dueDate < today && invoice.paymentStatus !== 'paid' && !invoice.isVoided;
              return (
                <TableRow key={invoice.id} className={cn(invoice.isVoided && 'bg-muted/60')}>
                  <TableCell className="font-mono text-xs whitespace-nowrap">
                    {invoice.invoiceNumber}
                  </TableCell>
                  <ClientNameCell
                    companyName={invoice.clientInfo.companyName}
                    contactPerson={invoice.clientInfo.contactPerson}
                  />
                  <TableCell>{formatBusinessDate(invoice.issueDate)}</TableCell>
                  <TableCell className={cn(pastDue && 'font-medium text-destructive')}>
                    {formatBusinessDate(invoice.dueDate)}
                  </TableCell>
                  <TableCell numeric>{formatMoney(invoice.totalAmount)}</TableCell>
                  <TableCell numeric>{formatMoney(invoice.outstandingAmount)}</TableCell>
                  <TableCell>
                    {invoice.isVoided ? (
                      <StatusBadge status="cancelled" tones={paymentStatusTones} label="Voided" />
                    ) : (
                      <StatusBadge
                        status={invoice.paymentStatus}
                        tones={paymentStatusTones}
                        label={humanise(invoice.paymentStatus)}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusBadge
                      status={invoice.paymentValidationStatus}
                      tones={validationStatusTones}
                      label={validationStatusLabels[invoice.paymentValidationStatus]}
                    />
                  </TableCell>
                  <TableCell>
                    <InvoiceRowActions
                      invoice={invoice}
                      actions={actions}
                      pdf={pdf}
                      onOpen={setDialog}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </BillingListCard>
      <InvoiceNotesSection />
      <InvoiceDetailsDialog
        // The listed copy, so a payment validated or rejected from the details shows at once.
        invoice={
          dialog?.kind === 'view'
            ? (list?.invoices.find((row) => row.id === dialog.invoice.id) ?? dialog.invoice)
            : null
        }
        onOpenChange={(open) => !open && close()}
        onReviewEntry={(invoice, entry, kind) => setEntryReview({ kind, invoice, entry })}
        einvoice={(invoice) => <EinvoiceStatus documentId={invoice.id} />}
        onIssueNote={
          hasPermission(user, 'invoices.edit')
            ? (invoice, kind) => setNoteTarget({ kind, invoice })
            : undefined
        }
      />
      <InvoiceNoteDialog
        kind={noteTarget?.kind ?? 'credit'}
        invoice={noteTarget?.invoice ?? null}
        onOpenChange={(open) => !open && setNoteTarget(null)}
      />
      <ProcessPaymentDialog
        invoice={dialog?.kind === 'pay' ? dialog.invoice : null}
        onOpenChange={(open) => !open && close()}
        pending={actions.paying}
        onSubmit={actions.pay}
      />
      <PaymentReviewDialog
        review={
          dialog?.kind === 'validate' || dialog?.kind === 'reject'
            ? { kind: dialog.kind, invoice: dialog.invoice }
            : null
        }
        onOpenChange={(open) => !open && close()}
        pending={actions.reviewing}
        onSubmit={actions.review}
      />
      <PaymentReviewDialog
        review={entryReview}
        onOpenChange={(open) => !open && setEntryReview(null)}
        pending={actions.reviewing}
        onSubmit={actions.review}
      />
      <ConfirmDialog
        open={dialog?.kind === 'revert'}
        onOpenChange={(open) => !open && close()}
        title="Revert invoice to quotation?"
        description={
          dialog?.kind === 'revert' &&
          `Invoice ${dialog.invoice.invoiceNumber} will be voided and its quotation returned to accepted, ready to be changed and converted again.`
        }
        confirmLabel="Revert to Quotation"
        destructive
        onConfirm={() => {
          if (dialog?.kind !== 'revert') return;
          close();
          void actions.revert(dialog.invoice);
        }}
      />
    </>
  );
}
