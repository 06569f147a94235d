import { billingInsightLimits } from '@patrol/contracts';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { AutoRefreshControl } from '@/components/auto-refresh-control';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useBusinessStats } from '@/lib/business-stats-query';
import { formatBusinessDateTime } from '@/lib/company-time';
import { BillingDashboardContent } from './billing-dashboard-content';

const minuteMs = 60_000;

/** The Billing Dashboard tab (spec 3 section 2): cards, financial overview, trends, recent. */
export function BillingDashboardTab() {
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [minutes, setMinutes] = useState<number>(billingInsightLimits.autoRefreshMinutes[0]);
  const stats = useBusinessStats({ refetchIntervalMs: autoRefresh ? minutes * minuteMs : false });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-end gap-3 text-sm">
        <AutoRefreshControl
          on={autoRefresh}
          onChange={setAutoRefresh}
          choices={billingInsightLimits.autoRefreshMinutes}
          minutes={minutes}
          onMinutesChange={setMinutes}
        />
        <span className="text-muted-foreground" aria-live="polite">
          Last updated:{' '}
          {stats.dataUpdatedAt ? formatBusinessDateTime(new Date(stats.dataUpdatedAt)) : 'Never'}
        </span>
        <Button variant="outline" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          <RefreshCwIcon
            aria-hidden="true"
            className={stats.isFetching ? 'animate-spin' : undefined}
          />
          Refresh
        </Button>
      </div>
      {stats.data ? (
        <BillingDashboardContent stats={stats.data} />
      ) : stats.isError ? (
        <Card role="alert" className="items-center gap-3 py-10 text-center">
          <p className="font-medium">
            {stats.error instanceof ApiError
              ? stats.error.message
              : 'The billing figures could not be loaded.'}
          </p>
          <Button variant="outline" onClick={() => void stats.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <div
          role="status"
          aria-label="Loading billing figures"
          className="grid gap-4 sm:grid-cols-4"
        >
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      )}
    </div>
  );
}
