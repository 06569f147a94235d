import type { Invoice } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useInvoiceNotes } from '@/features/billing/api/invoice-notes';
import { useAuth } from '@/lib/auth';
import { InvoiceNotesTable } from './invoice-notes-table';
import { RefundNoteDialog } from './refund-note-dialog';

/**
 * The credit, debit and refund notes of one invoice, in the invoice's details, and Issue refund
 * note while money is still to be paid back (to users who may issue it).
 */
export function InvoiceNotesOfInvoice({ invoice }: { invoice: Invoice }) {
  const { user } = useAuth();
  const [refunding, setRefunding] = useState(false);
  const invoiceId = invoice.id;
  const credits = useInvoiceNotes('credit', { page: 1, limit: 100, invoiceId });
  const debits = useInvoiceNotes('debit', { page: 1, limit: 100, invoiceId });
  const refunds = useInvoiceNotes('refund', { page: 1, limit: 100, invoiceId });
  const lists = [credits, debits, refunds];
  const notes = lists
    .flatMap((list) => list.data?.notes ?? [])
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const mayRefund =
    !invoice.isVoided && invoice.refundDue > 0 && canPerform(user, 'issueRefundNote');
  return (
    <section aria-label="Credit and debit notes" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Credit &amp; debit notes</h3>
        {mayRefund && (
          <Button variant="outline" size="sm" onClick={() => setRefunding(true)}>
            Issue refund note
          </Button>
        )}
      </div>
      {lists.some((list) => list.error) ? (
        <p className="text-sm text-destructive">The notes could not be loaded.</p>
      ) : lists.some((list) => !list.data) ? (
        <p className="text-sm text-muted-foreground">Loading notes...</p>
      ) : (
        <InvoiceNotesTable notes={notes} />
      )}
      <RefundNoteDialog invoice={refunding ? invoice : null} onOpenChange={setRefunding} />
    </section>
  );
}
