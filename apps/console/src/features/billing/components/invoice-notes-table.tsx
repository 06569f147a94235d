import type { InvoiceNote } from '@patrol/contracts';
import { formatMoney } from '@patrol/domain';
import { EyeIcon } from 'lucide-react';
import { useState } from 'react';
import { formatBusinessDate } from '@/lib/company-time';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TruncatedText,
} from '@/components/ui/table';
import { useDownloadCycle } from '@/lib/download';
import { billingTableClass } from './billing-list-card';
import { PdfButton } from './document-actions';
import { IconButton, RowActions } from './icon-button';
import {
  InvoiceNoteDetailsDialog,
  noteKindLabels as kindLabels,
  signedNoteAmount,
} from './invoice-note-details-dialog';

/** Credit, debit and refund notes with their invoice, reason, total, refund due, details and PDF. */
export function InvoiceNotesTable({ notes }: { notes: readonly InvoiceNote[] }) {
  const pdf = useDownloadCycle();
  const [viewed, setViewed] = useState<InvoiceNote | null>(null);
  return (
    <>
      <Table className={billingTableClass}>
        <TableHeader>
          <TableRow>
            <TableHead>Note #</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Invoice #</TableHead>
            <TableHead>Client</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead numeric>Amount</TableHead>
            <TableHead numeric>Refund due</TableHead>
            <TableHead numeric>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {notes.map((note) => (
            <TableRow key={note.id}>
              <TableCell className="font-mono text-xs whitespace-nowrap">
                {note.noteNumber}
              </TableCell>
              <TableCell>{kindLabels[note.kind]}</TableCell>
              <TableCell className="font-mono text-xs whitespace-nowrap">
                {note.invoiceNumber}
              </TableCell>
              <TableCell>{note.clientInfo.companyName}</TableCell>
              <TableCell>{formatBusinessDate(note.issueDate)}</TableCell>
              <TableCell>
                <TruncatedText className="max-w-64" text={note.reason} />
              </TableCell>
              <TableCell numeric>{signedNoteAmount(note)}</TableCell>
              <TableCell numeric>
                {note.refundDue > 0 ? formatMoney(note.refundDue) : '—'}
              </TableCell>
              <TableCell numeric>
                <RowActions>
                  <IconButton label={`View ${note.noteNumber}`} onClick={() => setViewed(note)}>
                    <EyeIcon />
                  </IconButton>
                  <PdfButton
                    document={{ kind: `${note.kind}-note`, id: note.id, number: note.noteNumber }}
                    state={pdf.stateOf(note.id)}
                    run={pdf.run}
                  />
                </RowActions>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <InvoiceNoteDetailsDialog note={viewed} onOpenChange={(open) => !open && setViewed(null)} />
    </>
  );
}
