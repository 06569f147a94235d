import type { QuotationSummary } from '@patrol/contracts';
import {
  canPerform,
  isQuotationDeletable,
  isQuotationEditable,
  quotationShareMessage,
} from '@patrol/domain';
import { EyeIcon, PencilIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { createQuotationShareLink } from '@/features/billing/api/quotations';
import { useAuth } from '@/lib/auth';
import type { useDownloadCycle } from '@/lib/download';
import { PdfButton, WhatsAppButton } from './document-actions';
import { IconButton, RowActions } from './icon-button';

/** A dialog of the Quotations tab, opened from a quotation's row. */
export type QuotationRowDialog = {
  kind: 'edit' | 'view' | 'delete' | 'close' | 'accept' | 'convert';
  quotation: QuotationSummary;
};

type QuotationRowActionsProps = {
  quotation: QuotationSummary;
  pdf: ReturnType<typeof useDownloadCycle>;
  isRunning: (key: string) => boolean;
  onSend: (quotation: QuotationSummary) => void;
  onOpen: (dialog: QuotationRowDialog) => void;
};

/** A quotation row's Manage buttons, each shown only when the user and the status allow it. */
export function QuotationRowActions({
  quotation,
  pdf,
  isRunning,
  onSend,
  onOpen,
}: QuotationRowActionsProps) {
  const { user } = useAuth();
  const number = quotation.quotationNumber;
  return (
    <RowActions>
      <IconButton label={`View ${number}`} onClick={() => onOpen({ kind: 'view', quotation })}>
        <EyeIcon />
      </IconButton>
      <PdfButton
        document={{ kind: 'quotation', id: quotation.id, number }}
        state={pdf.stateOf(quotation.id)}
        run={pdf.run}
      />
      <WhatsAppButton
        kind="quotation"
        number={number}
        clientName={quotation.clientInfo.companyName}
        phone={quotation.clientInfo.phone}
        pdfLink={() => createQuotationShareLink(quotation.id)}
        message={(sender) =>
          quotationShareMessage(
            {
              number,
              clientName: quotation.clientInfo.companyName,
              contactPerson: quotation.clientInfo.contactPerson,
              total: quotation.totalAmount,
              status: quotation.status,
              validUntil: quotation.validUntil,
            },
            sender,
          )
        }
      />
      {canPerform(user, 'sendQuotation') && quotation.status === 'draft' && (
        <IconButton
          label={`Send ${number}`}
          disabled={isRunning(`send:${quotation.id}`)}
          onClick={() => onSend(quotation)}
        >
          <SendIcon />
        </IconButton>
      )}
      {canPerform(user, 'editQuotation') && isQuotationEditable(quotation.status) && (
        <IconButton label={`Edit ${number}`} onClick={() => onOpen({ kind: 'edit', quotation })}>
          <PencilIcon />
        </IconButton>
      )}
      {canPerform(user, 'deleteQuotation') && isQuotationDeletable(quotation.status) && (
        <IconButton
          label={`Delete ${number}`}
          onClick={() => onOpen({ kind: 'delete', quotation })}
        >
          <Trash2Icon className="text-destructive" />
        </IconButton>
      )}
    </RowActions>
  );
}
