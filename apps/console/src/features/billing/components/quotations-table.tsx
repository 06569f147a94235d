import type { QuotationSummary } from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { StatusBadge } from '@/components/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { humanise, quotationStatusTones } from '@/features/billing/lib/billing-labels';
import { formatBusinessDate } from '@/lib/company-time';
import type { useDownloadCycle } from '@/lib/download';
import { billingTableClass } from './billing-list-card';
import { ClientNameCell } from './client-name-cell';
import { QuotationRowActions, type QuotationRowDialog } from './quotation-row-actions';
import { QuotationWorkflowButtons } from './quotation-workflow-buttons';
import type { QuotationActions } from './use-quotation-actions';

type QuotationsTableProps = {
  quotations: readonly QuotationSummary[];
  actions: QuotationActions;
  pdf: ReturnType<typeof useDownloadCycle>;
  onOpen: (dialog: QuotationRowDialog) => void;
};

/** The quotations' rows: figures, status, workflow buttons and the Manage buttons. */
export function QuotationsTable({ quotations, actions, pdf, onOpen }: QuotationsTableProps) {
  return (
    <Table className={billingTableClass}>
      <TableHeader>
        <TableRow>
          <TableHead>Quotation #</TableHead>
          <TableHead>Client</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Valid Until</TableHead>
          <TableHead numeric>Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Workflow Actions</TableHead>
          <TableHead numeric>Manage</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {quotations.map((quotation) => (
          <TableRow key={quotation.id}>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {quotation.quotationNumber}
            </TableCell>
            <ClientNameCell
              companyName={quotation.clientInfo.companyName}
              contactPerson={quotation.clientInfo.contactPerson}
            />
            <TableCell>{formatBusinessDate(quotation.quotationDate)}</TableCell>
            <TableCell>{formatBusinessDate(quotation.validUntil)}</TableCell>
            <TableCell numeric>{formatMoney(quotation.totalAmount)}</TableCell>
            <TableCell>
              <StatusBadge
                status={quotation.status}
                tones={quotationStatusTones}
                label={humanise(quotation.status)}
              />
            </TableCell>
            <TableCell>
              <QuotationWorkflowButtons
                quotation={quotation}
                busy={actions.isRunning}
                onAction={(action) =>
                  action.action === 'close' ||
                  action.action === 'accept' ||
                  action.action === 'convert'
                    ? onOpen({ kind: action.action, quotation })
                    : void actions.workflow(quotation, action)
                }
              />
            </TableCell>
            <TableCell>
              <QuotationRowActions
                quotation={quotation}
                pdf={pdf}
                isRunning={actions.isRunning}
                onSend={(target) => void actions.send(target)}
                onOpen={onOpen}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
