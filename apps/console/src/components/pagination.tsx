import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A page number to show as a button, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The buttons of the table pagination (spec 1 section 2.7): first, last, the current page and its
 * neighbours, with an ellipsis where pages are left out.
 */
export function pageItems(currentPage: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return [];
  const shown = new Set([1, totalPages, currentPage - 1, currentPage, currentPage + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= totalPages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && page - previous > 1) {
      // A gap of exactly one page shows that page rather than an ellipsis standing for it.
      if (page - previous === 2) items.push(previous + 1);
      else items.push(previous === 1 ? 'ellipsis-start' : 'ellipsis-end');
    }
    items.push(page);
  }
  return items;
}

type PaginationProps = {
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Clients pages". */
  label: string;
};

/** Server-driven pagination, shown only when there is more than one page. */
export function Pagination({ currentPage, totalPages, onPageChange, label }: PaginationProps) {
  const items = pageItems(currentPage, totalPages);
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={currentPage <= 1}
        onClick={() => onPageChange(currentPage - 1)}
        aria-label="Previous page"
      >
        <ChevronLeftIcon aria-hidden="true" />
      </Button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === currentPage ? 'default' : 'outline'}
            size="sm"
            className="min-w-8 tabular-nums"
            aria-current={item === currentPage ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={currentPage >= totalPages}
        onClick={() => onPageChange(currentPage + 1)}
        aria-label="Next page"
      >
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
