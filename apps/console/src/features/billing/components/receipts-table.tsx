import type { ReceiptSummary } from '@patrol/contracts';
import { formatMoney, receiptShareMessage } from '@patrol/domain';
import { EyeIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TruncatedText,
} from '@/components/ui/table';
import { createReceiptShareLink } from '@/features/billing/api/receipts';
import {
  humanise,
  paymentMethodLabel,
  transactionTypeTones,
} from '@/features/billing/lib/billing-labels';
import { formatBusinessDate } from '@/lib/company-time';
import type { useDownloadCycle } from '@/lib/download';
import { billingTableClass } from './billing-list-card';
import { ClientNameCell } from './client-name-cell';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton } from './icon-button';

type ReceiptsTableProps = {
  receipts: readonly ReceiptSummary[];
  pdf: ReturnType<typeof useDownloadCycle>;
  onView: (receipt: ReceiptSummary) => void;
};

/** The receipts' rows: numbers, payment, verification code, View, PDF and WhatsApp. */
export function ReceiptsTable({ receipts, pdf, onView }: ReceiptsTableProps) {
  return (
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
        {receipts.map((receipt) => (
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
            <TableCell>
              <TruncatedText className="max-w-40" text={receipt.referenceNumber} />
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {receipt.verificationCode}
            </TableCell>
            <TableCell>
              <div className="flex justify-end">
                <IconButton label={`View ${receipt.receiptNumber}`} onClick={() => onView(receipt)}>
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
  );
}
