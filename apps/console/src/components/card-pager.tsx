import type { Pagination as PageInfo } from '@patrol/contracts';
import { Pagination } from '@/components/pagination';
import { cn } from '@/lib/cn';

type CardPagerProps = {
  /** The list's pages; nothing is shown before they are known or when there is only one. */
  pagination: Pick<PageInfo, 'currentPage' | 'totalPages' | 'totalCountCapped'> | undefined;
  /** Names the pages for screen readers, e.g. "Clients pages". */
  label: string;
  onPageChange: (page: number) => void;
  /** Padding to line the footer up with its card's content, where that differs. */
  className?: string;
};

/**
 * A list card's footer: 'Page 2 of 7' ('of more than 50' when the server stopped counting) and
 * the page buttons.
 */
export function CardPager({ pagination, label, onPageChange, className }: CardPagerProps) {
  if (!pagination || pagination.totalPages <= 1) return null;
  const { currentPage, totalPages, totalCountCapped } = pagination;
  return (
    <div
      className={cn(
        'flex items-center justify-between gap-3 border-t p-3 text-sm text-muted-foreground',
        className,
      )}
    >
      <span className="tabular-nums">
        Page {currentPage} of {totalCountCapped ? `more than ${totalPages}` : totalPages}
      </span>
      <Pagination
        label={label}
        currentPage={currentPage}
        totalPages={totalPages}
        onPageChange={onPageChange}
      />
    </div>
  );
}
