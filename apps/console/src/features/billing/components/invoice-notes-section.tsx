import { invoiceNoteKinds, type InvoiceNoteKind } from '@patrol/contracts';
import { useState } from 'react';
import { useInvoiceNotes } from '@/features/billing/api/invoice-notes';
import { useDebouncedSearch } from '@/features/billing/lib/billing-params';
import { BillingListCard, RefreshButton, showingCaption } from './billing-list-card';
import { FilterSelect } from './filter-select';
import { InvoiceNotesTable } from './invoice-notes-table';

const kindOptions = [
  { value: 'credit', label: 'Credit notes' },
  { value: 'debit', label: 'Debit notes' },
  { value: 'refund', label: 'Refund notes' },
];

const isNoteKind = (value: string | undefined): value is InvoiceNoteKind =>
  invoiceNoteKinds.some((kind) => kind === value);

/**
 * The Credit & debit notes section of the Invoices tab: credit, debit or refund notes, one kind at
 * a time, searched and paged.
 */
export function InvoiceNotesSection() {
  const [kind, setKind] = useState<InvoiceNoteKind>('credit');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [searchText, setSearchText] = useDebouncedSearch(search, (next) => {
    setSearch(next);
    setPage(1);
  });
  const notes = useInvoiceNotes(kind, { page, search });
  const list = notes.data;
  return (
    <BillingListCard
      title="Credit & debit notes"
      caption={showingCaption(list, list?.notes.length, 'notes')}
      actions={<RefreshButton onClick={() => void notes.refetch()} busy={notes.isFetching} />}
      search={{
        label: 'Search credit, debit and refund notes',
        placeholder: 'Note number, invoice or client...',
        value: searchText,
        onChange: setSearchText,
      }}
      filters={
        <FilterSelect
          label="Note type"
          allLabel="Credit notes"
          value={kind === 'credit' ? undefined : kind}
          options={kindOptions.slice(1)}
          onChange={(next) => {
            setKind(isNoteKind(next) ? next : 'credit');
            setPage(1);
          }}
        />
      }
      state={{ loading: !list, error: notes.error, onRetry: () => void notes.refetch() }}
      loadingText="Loading notes..."
      emptyText={`No ${kindOptions.find((option) => option.value === kind)!.label.toLowerCase()} found`}
      isEmpty={list?.notes.length === 0}
      pagination={list?.pagination}
      onPageChange={setPage}
    >
      <InvoiceNotesTable notes={list?.notes ?? []} />
    </BillingListCard>
  );
}
