import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TableHead } from '@/components/ui/table';

type SortHeaderProps = {
  label: string;
  /** The list is sorted by this column. */
  active: boolean;
  order: 'asc' | 'desc';
  onSort: () => void;
  className?: string;
};

/** A column heading that sorts the server-paged list by its column, saying how in aria-sort. */
export function SortHeader({ label, active, order, onSort, className }: SortHeaderProps) {
  const Icon = !active ? ArrowUpDownIcon : order === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button variant="ghost" size="sm" className="-ml-3" onClick={onSort}>
        {label}
        <Icon aria-hidden="true" className={active ? '' : 'text-muted-foreground'} />
      </Button>
    </TableHead>
  );
}

/**
 * The heading maker of a table sorted by `sort`: `heading('Title', 'title')` is a SortHeader that
 * is active for its field and asks `onSort` to sort by it.
 */
export function sortHeadings<Field extends string>(
  sort: { sortBy: Field; sortOrder: 'asc' | 'desc' },
  onSort: (field: Field) => void,
) {
  return (label: string, field: Field, className?: string) => (
    <SortHeader
      label={label}
      active={sort.sortBy === field}
      order={sort.sortOrder}
      onSort={() => onSort(field)}
      className={className}
    />
  );
}
