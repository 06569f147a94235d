import type { Pagination as PageInfo } from '@patrol/contracts';
import { matchCount } from '@/lib/match-count';
import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardPager } from '@/components/card-pager';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';

type ListState = {
  /** Nothing to show yet (the first load). */
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  refreshing?: boolean;
};

type BillingListCardProps = {
  title: string;
  /** e.g. 'Showing 20 of 135 quotations'; hidden while loading. */
  caption?: string;
  /** Buttons at the right of the title (Refresh, Add...). */
  actions?: ReactNode;
  /** The list's search box, first of its filters (a list without search leaves it out). */
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** The other filters, after the search box. */
  filters: ReactNode;
  state: ListState;
  loadingText: string;
  emptyText: string;
  isEmpty: boolean;
  pagination?: PageInfo;
  onPageChange: (page: number) => void;
  children: ReactNode;
};

/** A billing tab's list: heading, filters, the table or its loading, empty or error state, pages. */
export function BillingListCard({
  title,
  caption,
  actions,
  search,
  filters,
  state,
  loadingText,
  emptyText,
  isEmpty,
  pagination,
  onPageChange,
  children,
}: BillingListCardProps) {
  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {state.loading ? loadingText : caption}
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="flex flex-col gap-3 border-b p-4 md:flex-row md:flex-wrap md:items-end">
        {search && (
          <div className="md:w-72">
            <SearchInput {...search} />
          </div>
        )}
        {filters}
      </div>
      <CardContent className="px-0">
        {state.error && !state.loading ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="font-medium">
              {state.error instanceof ApiError
                ? state.error.message
                : 'The list could not be loaded.'}
            </p>
            <Button variant="outline" onClick={state.onRetry}>
              <RefreshCwIcon aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : state.loading ? (
          <div className="space-y-3 p-4" role="status" aria-label={loadingText}>
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : isEmpty ? (
          <p className="px-6 py-12 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          children
        )}
      </CardContent>
      <CardPager pagination={pagination} label={`${title} pages`} onPageChange={onPageChange} />
    </Card>
  );
}

/**
 * 'Showing 20 of 135 quotations', as every billing list says it; 'Showing 20 of more than 1000
 * quotations' when the server stopped counting (a common search term at provider scale).
 */
export function showingCaption(
  list: { pagination: Pick<PageInfo, 'totalCount' | 'totalCountCapped'> } | undefined,
  shown: number | undefined,
  noun: string,
): string | undefined {
  if (!list) return undefined;
  return `Showing ${shown ?? 0} of ${matchCount(list.pagination)} ${noun}`;
}

/** The Refresh button of a billing list. */
export function RefreshButton({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="outline" onClick={onClick} disabled={busy}>
      <RefreshCwIcon aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
      Refresh
    </Button>
  );
}

/**
 * Classes for a billing list's table: cells closer together than elsewhere, and a two-word badge
 * ("Pending validation") breaking onto two lines when space runs out, so that eight or nine
 * columns with money, dates, badges and row actions fit a 1280-pixel screen without scrolling
 * whatever the amounts' widths.
 */
export const billingTableClass =
  '[&_td]:px-2 [&_th]:px-2 [&_td_[data-slot=badge]]:whitespace-normal [&_td_[data-slot=badge]]:text-center';
