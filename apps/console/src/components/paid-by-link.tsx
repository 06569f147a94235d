import type { LicencePaidBy } from '@patrol/contracts';
import { Link } from 'react-router-dom';

/** "Paid by INV-...": the invoice that paid for a licence key, opened in the Invoices tab. */
export function PaidByLink({ paidBy }: { paidBy: LicencePaidBy }) {
  return (
    <Link
      className="font-mono text-primary underline-offset-4 hover:underline"
      to={`/billing?tab=invoices&search=${encodeURIComponent(paidBy.invoiceNumber)}`}
    >
      Paid by {paidBy.invoiceNumber}
    </Link>
  );
}
