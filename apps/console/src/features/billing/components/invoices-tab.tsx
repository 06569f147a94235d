import {
  billingDateRanges,
  dueStatuses,
  type BillingDateRange,
  type DueStatus,
  type Invoice,
  type PaymentStatus,
  type ProcessPaymentBody,
  type RejectPaymentBody,
} from '@patrol/contracts';
import {
  businessDay,
  canProcessPayment,
  canRevertInvoice,
  canShareInvoice,
  canValidateOrRejectPayment,
  formatBusinessDate,
  formatMoney,
  fromSen,
  hasPermission,
  invoiceShareMessage,
  toSen,
} from '@patrol/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useDownloadCycle } from '@/lib/download';
import { BanknoteIcon, CheckIcon, EyeIcon, SendIcon, Undo2Icon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import {
  useInvoices,
  useProcessPayment,
  useRejectPayment,
  useRevertInvoice,
  useSendInvoice,
  useValidatePayment,
  type InvoiceFilters,
} from '@/features/billing/api/invoices';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import {
  dateRangeLabels,
  humanise,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { useDebouncedSearch, useTabFilters } from '@/features/billing/lib/billing-params';
import { changeListedRow } from '@/features/billing/lib/optimistic-list';
import { useActionGuard } from '@/features/billing/lib/use-action-guard';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import { InvoiceDetailsDialog } from './invoice-details-dialog';
import { PaymentReviewDialog, type PaymentReview } from './payment-review-dialog';
import { ProcessPaymentDialog } from './process-payment-dialog';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton } from './icon-button';

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

export const revertMessages = {
  noQuotation: 'This invoice was not created from a quotation and cannot be reverted.',
} as const;

type Dialog =
  | { kind: 'view' | 'pay' | 'revert'; invoice: Invoice }
  | { kind: PaymentReview; invoice: Invoice }
  | null;

/** The Invoices tab: list, filters, payments, their validation, send and revert. */
export function InvoicesTab() {
  const { user } = useAuth();
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
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useInvoiceActions(query);
  const pdf = useDownloadCycle();
  const can = {
    pay: hasPermission(user, 'invoices.edit'),
    send: hasPermission(user, 'invoices.create') || hasPermission(user, 'invoices.edit'),
    revert: hasPermission(user, 'invoices.edit'),
  };
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
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Invoice #</TableHead>
              <TableHead>Client</TableHead>
              <TableHead>Issue Date</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Outstanding</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Validation</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list?.invoices.map((invoice) => {
              const pastDue =
                invoice.dueDate < today && invoice.paymentStatus !== 'paid' && !invoice.isVoided;
              return (
                <TableRow key={invoice.id} className={cn(invoice.isVoided && 'opacity-60')}>
                  <TableCell className="font-mono text-xs whitespace-nowrap">
                    {invoice.invoiceNumber}
                  </TableCell>
                  <TableCell>
                    <div className="font-medium">{invoice.clientInfo.companyName}</div>
                    <div className="text-xs text-muted-foreground">
                      {invoice.clientInfo.contactPerson}
                    </div>
                  </TableCell>
                  <TableCell>{formatBusinessDate(invoice.issueDate)}</TableCell>
                  <TableCell className={cn(pastDue && 'font-medium text-destructive')}>
                    {formatBusinessDate(invoice.dueDate)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatMoney(invoice.totalAmount)}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatMoney(invoice.outstandingAmount)}
                  </TableCell>
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
                    <div className="flex justify-end gap-1">
                      <IconButton
                        label={`View ${invoice.invoiceNumber}`}
                        onClick={() => setDialog({ kind: 'view', invoice })}
                      >
                        <EyeIcon />
                      </IconButton>
                      <PdfButton
                        document={{
                          kind: 'invoice',
                          id: invoice.id,
                          number: invoice.invoiceNumber,
                        }}
                        state={pdf.stateOf(invoice.id)}
                        run={pdf.run}
                      />
                      <WhatsAppButton
                        kind="invoice"
                        number={invoice.invoiceNumber}
                        clientName={invoice.clientInfo.companyName}
                        phone={invoice.clientInfo.phone}
                        disabled={!canShareInvoice(invoice)}
                        message={(sender) =>
                          invoiceShareMessage(
                            {
                              number: invoice.invoiceNumber,
                              clientName: invoice.clientInfo.companyName,
                              contactPerson: invoice.clientInfo.contactPerson,
                              total: invoice.totalAmount,
                              dueDate: invoice.dueDate,
                              outstanding: invoice.outstandingAmount,
                              paymentStatus: invoice.paymentStatus,
                              paymentValidationStatus: invoice.paymentValidationStatus,
                            },
                            sender,
                          )
                        }
                      />
                      {can.pay && canProcessPayment(invoice) && (
                        <IconButton
                          label={`Process payment for ${invoice.invoiceNumber}`}
                          onClick={() => setDialog({ kind: 'pay', invoice })}
                        >
                          <BanknoteIcon />
                        </IconButton>
                      )}
                      {canValidateOrRejectPayment(invoice, user?.role) && (
                        <>
                          <IconButton
                            label={`Validate payment for ${invoice.invoiceNumber}`}
                            onClick={() => setDialog({ kind: 'validate', invoice })}
                          >
                            <CheckIcon className="text-green-700" />
                          </IconButton>
                          <IconButton
                            label={`Reject payment for ${invoice.invoiceNumber}`}
                            onClick={() => setDialog({ kind: 'reject', invoice })}
                          >
                            <XIcon className="text-destructive" />
                          </IconButton>
                        </>
                      )}
                      {can.send && !invoice.isVoided && (
                        <IconButton
                          label={`Send ${invoice.invoiceNumber}`}
                          disabled={actions.isRunning(`send:${invoice.id}`)}
                          onClick={() => void actions.send(invoice)}
                        >
                          <SendIcon />
                        </IconButton>
                      )}
                      {can.revert && !invoice.isVoided && canRevertInvoice(invoice) && (
                        <IconButton
                          label={`Revert ${invoice.invoiceNumber} to quotation`}
                          onClick={() =>
                            invoice.quotationId
                              ? setDialog({ kind: 'revert', invoice })
                              : toast.error(revertMessages.noQuotation)
                          }
                        >
                          <Undo2Icon />
                        </IconButton>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </BillingListCard>
      <InvoiceDetailsDialog
        invoice={dialog?.kind === 'view' ? dialog.invoice : null}
        onOpenChange={(open) => !open && close()}
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

/**
 * The invoice actions: payments and reverts are applied to the list at once and undone (then
 * refetched) if the server refuses; the same action on the same invoice runs once at a time.
 */
function useInvoiceActions(filters: InvoiceFilters) {
  const queryClient = useQueryClient();
  const guard = useActionGuard();
  const processPayment = useProcessPayment();
  const validate = useValidatePayment();
  const reject = useRejectPayment();
  const send = useSendInvoice();
  const revert = useRevertInvoice();
  const change = (id: string, patch: (row: Invoice) => Invoice | null) =>
    changeListedRow<Invoice>(
      queryClient,
      queryKeys.billing.invoices(filters),
      'invoices',
      id,
      patch,
    );

  const pay = async (invoice: Invoice, body: ProcessPaymentBody): Promise<boolean> => {
    let accepted = false;
    await guard.run(`pay:${invoice.id}`, async () => {
      const undo = change(invoice.id, (row) => {
        const paidSen = toSen(row.paidAmount) + toSen(body.amount);
        return {
          ...row,
          paidAmount: fromSen(paidSen),
          outstandingAmount: fromSen(Math.max(0, toSen(row.totalAmount) - paidSen)),
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

  const review = async (
    invoice: Invoice,
    kind: PaymentReview,
    body: RejectPaymentBody,
  ): Promise<boolean> => {
    let accepted = false;
    await guard.run(`${kind}:${invoice.id}`, async () => {
      try {
        const response =
          kind === 'validate'
            ? await validate.mutateAsync({
                id: invoice.id,
                body: { validationNotes: body.validationNotes },
              })
            : await reject.mutateAsync({ id: invoice.id, body });
        toast.success(response.message);
        accepted = true;
      } catch (error) {
        // A refused rejection keeps the dialog open with the reason typed (spec 3 section 8).
        toast.error(
          billingActionFailure(
            kind === 'validate' ? 'validating payment' : 'rejecting payment',
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
    reviewing: validate.isPending || reject.isPending,
    pay,
    review,
    send: (invoice: Invoice) =>
      guard.run(`send:${invoice.id}`, async () => {
        try {
          await send.mutateAsync(invoice.id);
          toast.success('Invoice sent successfully');
        } catch (error) {
          toast.error(billingActionFailure('sending invoice', error));
        }
      }),
    revert: (invoice: Invoice) =>
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
