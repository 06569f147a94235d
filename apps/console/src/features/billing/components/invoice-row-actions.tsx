import type { InvoiceSummary } from '@patrol/contracts';
import {
  canPerform,
  canProcessPayment,
  canRevertInvoice,
  canValidateOrRejectPayment,
  invoiceShareMessage,
} from '@patrol/domain';
import { BanknoteIcon, CheckIcon, EyeIcon, SendIcon, Undo2Icon, XIcon } from 'lucide-react';
import { toast } from 'sonner';
import { createInvoiceShareLink } from '@/features/billing/api/invoices';
import { useAuth } from '@/lib/auth';
import type { useDownloadCycle } from '@/lib/download';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton, RowActions } from './icon-button';
import type { PaymentReview } from './payment-review-dialog';
import type { InvoiceActions } from './use-invoice-actions';

/** A dialog of the Invoices tab, opened from an invoice's row. */
export type InvoiceDialog = {
  kind: 'view' | 'pay' | 'revert' | PaymentReview;
  invoice: InvoiceSummary;
};

export const revertMessages = {
  noQuotation: 'This invoice was not created from a quotation and cannot be reverted.',
} as const;

type InvoiceRowActionsProps = {
  invoice: InvoiceSummary;
  actions: InvoiceActions;
  pdf: ReturnType<typeof useDownloadCycle>;
  onOpen: (dialog: InvoiceDialog) => void;
};

/** An invoice row's buttons, each shown only when the user and the invoice's state allow it. */
export function InvoiceRowActions({ invoice, actions, pdf, onOpen }: InvoiceRowActionsProps) {
  const { user } = useAuth();
  const can = {
    pay: canPerform(user, 'processPayment'),
    validate: canPerform(user, 'validatePayment'),
    reject: canPerform(user, 'rejectPayment'),
    send: canPerform(user, 'sendInvoice'),
    revert: canPerform(user, 'revertInvoice'),
  };
  const awaitingReview = canValidateOrRejectPayment(invoice, user?.role);
  return (
    <RowActions>
      <IconButton
        label={`View ${invoice.invoiceNumber}`}
        onClick={() => onOpen({ kind: 'view', invoice })}
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
        blocked={invoice}
        pdfLink={() => createInvoiceShareLink(invoice.id)}
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
          onClick={() => onOpen({ kind: 'pay', invoice })}
        >
          <BanknoteIcon />
        </IconButton>
      )}
      {can.validate && awaitingReview && (
        <IconButton
          label={`Validate payment for ${invoice.invoiceNumber}`}
          onClick={() => onOpen({ kind: 'validate', invoice })}
        >
          <CheckIcon className="text-green-700" />
        </IconButton>
      )}
      {can.reject && awaitingReview && (
        <IconButton
          label={`Reject payment for ${invoice.invoiceNumber}`}
          onClick={() => onOpen({ kind: 'reject', invoice })}
        >
          <XIcon className="text-destructive" />
        </IconButton>
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
              ? onOpen({ kind: 'revert', invoice })
              : toast.error(revertMessages.noQuotation)
          }
        >
          <Undo2Icon />
        </IconButton>
      )}
    </RowActions>
  );
}
