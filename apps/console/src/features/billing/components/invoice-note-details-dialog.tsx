import type { InvoiceNote } from '@patrol/contracts';
import { formatMoney, humanise, taxGroupLabel } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { DetailList, DetailsDialog, DocumentClient } from './detail-list';
import { EinvoiceStatus } from './einvoice-status';

export const noteKindLabels = {
  credit: 'Credit note',
  debit: 'Debit note',
  refund: 'Refund note',
} as const;

/** A note's amount as it moves the invoice: credit and refund notes take money off. */
export function signedNoteAmount(note: Pick<InvoiceNote, 'kind' | 'totalAmount'>): string {
  return `${note.kind === 'debit' ? '+' : '-'}${formatMoney(note.totalAmount)}`;
}

/** Credit, Debit or Refund Note Details: the note, its lines and its e-invoice status. */
export function InvoiceNoteDetailsDialog({
  note,
  onOpenChange,
}: {
  note: InvoiceNote | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DetailsDialog
      open={note !== null}
      onOpenChange={onOpenChange}
      title={note ? `${noteKindLabels[note.kind]} Details` : 'Note Details'}
      description={note?.noteNumber}
    >
      {note && (
        <>
          <DetailList
            items={[
              ['Invoice', note.invoiceNumber],
              ['Client', <DocumentClient client={note.clientInfo} />],
              ['Issued', formatBusinessDate(note.issueDate)],
              ['Reason', note.reason],
              ['Amount', signedNoteAmount(note)],
              ...(note.refund
                ? [
                    ['Refund method', humanise(note.refund.method)] as const,
                    ['Refund date', formatBusinessDate(note.refund.refundDate)] as const,
                    ['Reference', note.refund.reference || '—'] as const,
                  ]
                : []),
              ...(note.refundDue > 0 ? [['Refund due', formatMoney(note.refundDue)] as const] : []),
              ['e-Invoice', <EinvoiceStatus documentId={note.id} />],
            ]}
          />
          <ul className="divide-y rounded-md border text-sm">
            {note.lineItems.map((item, index) => (
              <li key={index} className="flex items-start justify-between gap-4 p-3">
                <div className="min-w-0">
                  <div className="font-medium">{item.description}</div>
                  <div className="text-muted-foreground tabular-nums">
                    {item.quantity} x {formatMoney(item.unitPrice)} · {taxGroupLabel(item)}{' '}
                    {formatMoney(item.taxAmount)}
                  </div>
                </div>
                <div className="font-medium tabular-nums">{formatMoney(item.lineTotal)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailsDialog>
  );
}
