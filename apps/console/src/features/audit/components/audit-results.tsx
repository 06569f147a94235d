import type { ListAuditResponse } from '@patrol/contracts';
import { ScrollTextIcon } from 'lucide-react';
import { CardPager } from '@/components/card-pager';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AuditTable } from '@/features/audit/components/audit-table';
import { ApiError } from '@/lib/api-client';

interface AuditResultsProps {
  data: ListAuditResponse['data'] | undefined;
  error: unknown;
  onRetry: () => void;
  onPageChange: (page: number) => void;
}

/** A page of the trail: its table and pages, or why there is none (loading, error, no match). */
export function AuditResults({ data, error, onRetry, onPageChange }: AuditResultsProps) {
  return (
    <>
      <CardContent className="px-0">
        {error && !data ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="font-medium">
              {error instanceof ApiError ? error.message : 'The audit trail could not be loaded.'}
            </p>
            <Button variant="outline" onClick={onRetry}>
              Try Again
            </Button>
          </div>
        ) : !data ? (
          <div className="space-y-3 p-4" role="status" aria-label="Loading the audit trail">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : data.entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-muted-foreground">
            <ScrollTextIcon aria-hidden="true" className="size-6" />
            No changes match these filters.
          </div>
        ) : (
          <AuditTable entries={data.entries} timeZone={data.timeZone} />
        )}
      </CardContent>
      <CardPager
        pagination={data?.pagination}
        label="Audit trail pages"
        onPageChange={onPageChange}
      />
    </>
  );
}
