import type { DashboardResponse } from '@patrol/contracts';
import { formatMoney, hasPermission, percentChange, percentOf, ratio } from '@patrol/domain';
import { ChartColumnIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useBusinessStats } from '@/lib/business-stats-query';

type DashboardData = Pick<DashboardResponse, 'stats' | 'licenseActivity'>;

function Metric({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="rounded-md border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-0.5 text-lg font-semibold tabular-nums">{value}</p>
    </div>
  );
}

function PercentTile({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <div role="group" aria-label={label} className="grid gap-1.5 rounded-md border p-3">
      <div className="flex items-baseline justify-between">
        <span className="text-sm">{label}</span>
        <span className="font-semibold tabular-nums">{value.toFixed(1)}%</span>
      </div>
      <Progress value={Math.max(0, Math.min(100, value))} aria-label={label} />
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

/**
 * Business Performance (spec 1 section 2.6): revenue metrics and operations from
 * GET /api/business/dashboard-stats, licences and users from the dashboard's own data. Billing
 * events refresh the figures live (realtime-provider invalidates the stats).
 */
export function BusinessPerformanceSection({ dashboard }: { dashboard: DashboardData }) {
  const business = useBusinessStats();
  // Money figures follow reports.view, as the Reports tab does.
  const showMoney = hasPermission(useAuth().user, 'reports.view');
  const { stats, licenseActivity } = dashboard;
  const summary = licenseActivity.summary;
  const growth = percentChange(stats.totalClients, stats.previousTotalClients);

  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2">
          <ChartColumnIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Business Performance
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        {business.data ? (
          <>
            {showMoney && business.data.revenue && (
              <div
                className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
                aria-label="Revenue Metrics"
                role="group"
              >
                <Metric label="Total Revenue" value={formatMoney(business.data.revenue.total)} />
                <Metric label="This Month" value={formatMoney(business.data.revenue.monthly)} />
                <Metric
                  label="Avg per Invoice"
                  value={formatMoney(
                    ratio(business.data.revenue.total, business.data.invoices.total),
                  )}
                />
                <Metric
                  label="Avg per Client"
                  value={formatMoney(ratio(business.data.revenue.total, stats.totalClients))}
                />
              </div>
            )}
            <div
              className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4"
              aria-label="Operations"
              role="group"
            >
              <Metric
                label="Total Invoices"
                value={business.data.invoices.total.toLocaleString('en-MY')}
              />
              <Metric
                label="Paid Invoices"
                value={business.data.invoices.paid.toLocaleString('en-MY')}
              />
              <Metric
                label="Licence Utilization"
                value={`${percentOf(summary.bound, summary.total).toFixed(1)}%`}
              />
              <Metric label="Active Users" value={stats.activeUsers.toLocaleString('en-MY')} />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              <PercentTile
                label="Payment Success Rate"
                value={percentOf(business.data.invoices.paid, business.data.invoices.total)}
                note="Invoices paid in full"
              />
              <PercentTile
                label="Licence Efficiency"
                value={percentOf(summary.activeNow, summary.bound)}
                note="Bound devices reporting now"
              />
              <PercentTile
                label="Growth Rate"
                value={growth?.value ?? 0}
                note="Clients over the last 30 days"
              />
            </div>
          </>
        ) : business.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <span>The billing figures could not be loaded.</span>
            <Button variant="outline" size="sm" onClick={() => void business.refetch()}>
              <RefreshCwIcon aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : (
          <div
            role="status"
            aria-label="Loading business figures"
            className="grid gap-3 sm:grid-cols-4"
          >
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
