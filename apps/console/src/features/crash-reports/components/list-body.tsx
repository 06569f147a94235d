import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

type ListBodyProps<T> = {
  query: UseQueryResult<T>;
  /** Names the skeleton for screen readers, e.g. 'Loading crash reports'. */
  loadingLabel: string;
  /** Said when the first read fails (a failed refresh keeps the rows on screen). */
  errorMessage: string;
  children: (data: T) => ReactNode;
};

/** A server list's body: skeleton rows on first load, the error with Try Again, or the rows. */
export function ListBody<T>({ query, loadingLabel, errorMessage, children }: ListBodyProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <p className="font-medium">{errorMessage}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCwIcon aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3 p-4" role="status" aria-label={loadingLabel}>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
