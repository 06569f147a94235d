import { useInvoiceNotes } from '@/features/billing/api/invoice-notes';
import { InvoiceNotesTable } from './invoice-notes-table';

/** The credit and debit notes of one invoice, in the invoice's details. */
export function InvoiceNotesOfInvoice({ invoiceId }: { invoiceId: string }) {
  const credits = useInvoiceNotes('credit', { page: 1, limit: 100, invoiceId });
  const debits = useInvoiceNotes('debit', { page: 1, limit: 100, invoiceId });
  const notes = [...(credits.data?.notes ?? []), ...(debits.data?.notes ?? [])].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  return (
    <section aria-label="Credit and debit notes" className="grid gap-2">
      <h3 className="text-sm font-medium">Credit &amp; debit notes</h3>
      {credits.error || debits.error ? (
        <p className="text-sm text-destructive">The notes could not be loaded.</p>
      ) : !credits.data || !debits.data ? (
        <p className="text-sm text-muted-foreground">Loading notes...</p>
      ) : (
        <InvoiceNotesTable notes={notes} />
      )}
    </section>
  );
}
