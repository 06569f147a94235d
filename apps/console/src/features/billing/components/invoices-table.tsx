import type { InvoiceSummary } from '@patrol/contracts';
import { businessDay, formatMoney } from '@patrol/domain';
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
  humanise,
  paymentStatusTones,
  validationStatusLabels,
  validationStatusTones,
} from '@/features/billing/lib/billing-labels';
import { cn } from '@/lib/cn';
import { formatBusinessDate } from '@/lib/company-time';
import type { useDownloadCycle } from '@/lib/download';
import { billingTableClass } from './billing-list-card';
import { ClientNameCell } from './client-name-cell';
import { InvoiceRowActions, type InvoiceDialog } from './invoice-row-actions';
import type { InvoiceActions } from './use-invoice-actions';

type InvoicesTableProps = {
  invoices: readonly InvoiceSummary[];
  actions: InvoiceActions;
  pdf: ReturnType<typeof useDownloadCycle>;
  onOpen: (dialog: InvoiceDialog) => void;
};

/** The invoices' rows: dates (past due in red), figures, payment and validation, actions. */
export function InvoicesTable({ invoices, actions, pdf, onOpen }: InvoicesTableProps) {
  const today = businessDay(new Date());
  return (
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
        {invoices.map((invoice) => {
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
                <InvoiceRowActions invoice={invoice} actions={actions} pdf={pdf} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
