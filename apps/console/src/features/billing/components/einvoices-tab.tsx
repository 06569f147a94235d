import {
  einvoicePastDeadlineMessage,
  einvoiceStatusLabels,
  einvoiceStatuses,
  type EinvoiceStatus,
} from '@patrol/contracts';
import { formatBusinessDate } from '@patrol/domain';
import { useState } from 'react';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { useEinvoices, type EinvoiceFilters } from '@/features/billing/api/einvoices';

const kindLabels = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  debitNote: 'Debit note',
  refundNote: 'Refund note',
  consolidated: 'Consolidated e-Invoice',
};

/** The e-Invoices tab: every e-invoice by status, with the counts and the stale flag. */
export function EinvoicesTab() {
  const [filters, setFilters] = useState<EinvoiceFilters>({ page: 1 });
  const { data, isPending, isError, refetch } = useEinvoices(filters);
  if (isPending) return <p className="p-4 text-sm text-muted-foreground">Loading e-invoices...</p>;
  if (isError) {
    return (
      <div className="space-y-2 p-4 text-sm">
        <p className="text-destructive">The e-invoices could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const choose = (status?: EinvoiceStatus, stale?: boolean) =>
    setFilters({ page: 1, status, stale });
  return (
    <div className="space-y-4">
      {!data.einvoicing.enabled && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          e-Invoicing is off. To switch it on, set {data.einvoicing.missing.join(', ')} and restart
          the API (docs/einvoicing.md).
        </p>
      )}
      <div className="flex flex-wrap gap-2" aria-label="Filter by status">
        <Button
          size="sm"
          variant={!filters.status && !filters.stale ? 'default' : 'outline'}
          onClick={() => choose()}
        >
          All
        </Button>
        {einvoiceStatuses
          .filter((status) => status !== 'submitting')
          .map((status) => (
            <Button
              key={status}
              size="sm"
              variant={filters.status === status ? 'default' : 'outline'}
              onClick={() => choose(status)}
            >
              {einvoiceStatusLabels[status]} (
              {data.counts[status] + (status === 'submitted' ? data.counts.submitting : 0)})
            </Button>
          ))}
        <Button
          size="sm"
          variant={filters.stale ? 'default' : 'outline'}
          onClick={() => choose(undefined, true)}
        >
          No LHDN status after 15 min ({data.counts.stale})
        </Button>
      </div>
      {data.documents.length === 0 ? (
        <p className="p-4 text-sm text-muted-foreground">No e-invoices here yet.</p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="p-2">Document</th>
              <th className="p-2">Type</th>
              <th className="p-2">Client</th>
              <th className="p-2">Issued</th>
              <th className="p-2">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {data.documents.map((doc) => (
              <tr key={doc.id}>
                <td className="p-2 font-medium">{doc.number}</td>
                <td className="p-2">{kindLabels[doc.kind]}</td>
                <td className="p-2">{doc.clientName}</td>
                <td className="p-2">{formatBusinessDate(doc.issueDate)}</td>
                <td className="p-2">
                  {einvoiceStatusLabels[doc.status]}
                  {doc.stale && (
                    <span className="ml-2 text-amber-700">No LHDN status after 15 min</span>
                  )}
                  {doc.pastDeadline && (
                    <span className="block text-xs text-destructive">
                      {einvoicePastDeadlineMessage}
                    </span>
                  )}
                  {doc.consolidatedInto && (
                    <span className="block text-xs text-muted-foreground">
                      In {doc.consolidatedInto.number}
                    </span>
                  )}
                  {doc.status === 'invalid' && doc.errors[0] && (
                    <span className="block text-xs text-destructive">{doc.errors[0].message}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        currentPage={data.pagination.currentPage}
        totalPages={data.pagination.totalPages}
        onPageChange={(page) => setFilters({ ...filters, page })}
        label="e-Invoice pages"
      />
    </div>
  );
}
