import {
  billingInsightLimits,
  type BusinessStats,
  type BusinessStatsAnswer,
} from '@patrol/contracts';
import { formatMoney, hasPermission, humanise, percentChange } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { FileTextIcon, PackageIcon, ReceiptIcon, RefreshCwIcon, WalletIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AutoRefreshControl } from '@/components/auto-refresh-control';
import { StatCard } from '@/components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paymentStatusTones, quotationStatusTones } from '@/features/billing/lib/billing-labels';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useBusinessStats } from '@/lib/business-stats-query';

const minuteMs = 60_000;
const count = (value: number) => value.toLocaleString('en-MY');

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

/** Said where the revenue and collection figures would be, to a user without reports.view. */
export const moneyHiddenNote =
  'Revenue and collection figures are shown to users who may view reports.';

function BillingDashboardContent({ stats }: { stats: BusinessStatsAnswer }) {
  const { quotations, invoices, receipts, products, financial, revenue } = stats;
  // Money figures follow reports.view: a role refused Reports sees counts, not revenue (the API
  // sends it none).
  const showMoney =
    hasPermission(useAuth().user, 'reports.view') && financial !== null && revenue !== null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Quotations"
          value={count(quotations.total)}
          description={`${count(quotations.pending)} pending · ${count(quotations.approved)} approved`}
          icon={FileTextIcon}
          variant="info"
        />
        <StatCard
          title="Active Invoices"
          value={count(invoices.total)}
          description={`${count(invoices.overdue)} overdue · ${count(invoices.paid)} paid`}
          icon={WalletIcon}
          variant={invoices.overdue > 0 ? 'warning' : 'success'}
        />
        <StatCard
          title="Receipts Issued"
          value={count(receipts.total)}
          description={`${count(receipts.thisMonth)} this month · ${count(receipts.pending)} pending`}
          icon={ReceiptIcon}
          variant="success"
        />
        <StatCard
          title="Products"
          value={count(products.total)}
          description={`${count(products.active)} active · ${count(products.inactive)} inactive`}
          icon={PackageIcon}
        />
      </div>
      {showMoney ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="gap-3 py-4 lg:col-span-2">
            <CardHeader className="px-4">
              <CardTitle>Financial Overview</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 px-4 sm:grid-cols-2">
              <Figure
                label="Total Revenue"
                value={formatMoney(financial.netAmount)}
                note={`Net of tax · tax ${formatMoney(financial.taxAmount)} · gross ${formatMoney(financial.totalAmount)}`}
              />
              <Figure
                label="Collected Amount"
                value={formatMoney(financial.paidAmount)}
                note={`${financial.collectionRate.toFixed(1)}% collection rate · validated payments only`}
              />
              <Figure
                label="Awaiting validation"
                value={formatMoney(financial.pendingAmount)}
                note="Recorded, not yet validated: not counted as collected"
              />
              <Figure
                label="Outstanding Amount"
                value={formatMoney(financial.outstandingAmount)}
                note={`${count(financial.overdueInvoices)} overdue invoices`}
                alert={financial.overdueInvoices > 0}
              />
              <Figure
                label="Monthly Revenue"
                value={formatMoney(financial.monthlyRevenue)}
                note={`${formatMoney(financial.weeklyRevenue)} in the last 7 days`}
              />
            </CardContent>
          </Card>
          <RevenueTrends revenue={revenue} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{moneyHiddenNote}</p>
      )}
      <RecentActivity activity={stats.recentActivity} />
    </>
  );
}

function Figure({
  label,
  value,
  note,
  alert,
}: {
  label: string;
  value: string;
  note: string;
  alert?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="rounded-md border p-3">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums">{value}</p>
      <p className={alert ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>{note}</p>
    </div>
  );
}

function RevenueTrends({ revenue }: { revenue: BusinessStats['revenue'] }) {
  const ofTarget = revenue.monthlyTarget > 0 ? (revenue.monthly / revenue.monthlyTarget) * 100 : 0;
  const weekChange = percentChange(revenue.weekly, revenue.lastWeek);
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>Revenue Trends</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 text-sm">
        <div className="grid gap-1.5">
          <div className="flex justify-between">
            <span>This month</span>
            <span className="tabular-nums">{ofTarget.toFixed(1)}% of target</span>
          </div>
          <Progress
            value={Math.min(100, ofTarget)}
            aria-label="This month against the monthly target"
          />
          <p className="text-xs text-muted-foreground tabular-nums">
            {formatMoney(revenue.monthly)} of {formatMoney(revenue.monthlyTarget)}
          </p>
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between">
            <span>This week</span>
            <span className="tabular-nums">{formatMoney(revenue.weekly)}</span>
          </div>
          <p className="text-xs text-muted-foreground tabular-nums">
            Last week {formatMoney(revenue.lastWeek)}
            {weekChange ? ` · ${weekChange.text}` : ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function ActivityList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card className="gap-2 py-4" role="region" aria-label={`Recent ${title.toLowerCase()}`}>
      <CardHeader className="px-4">
        <CardTitle className="text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {children.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y text-sm">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityRow({
  number,
  client,
  total,
  badge,
}: {
  number: string;
  client: string;
  total: number;
  badge: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{number}</p>
        <p className="truncate text-xs text-muted-foreground">{client}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className="tabular-nums">{formatMoney(total)}</p>
        {badge}
      </div>
    </li>
  );
}

/** Up to 5 newest quotations, invoices and receipts (also on the reports' Overview). */
export function RecentActivity({ activity }: { activity: BusinessStats['recentActivity'] }) {
  return (
    <section aria-labelledby="billing-recent-activity" className="grid gap-2">
      <h2 id="billing-recent-activity" className="font-semibold">
        Recent Activity
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <ActivityList title="Quotations" empty="No recent quotations">
          {activity.quotations.map((row) => (
            <ActivityRow
              key={row.id}
              number={row.quotationNumber}
              client={row.clientName}
              total={row.total}
              badge={<StatusBadge status={row.status} tones={quotationStatusTones} />}
            />
          ))}
        </ActivityList>
        <ActivityList title="Invoices" empty="No recent invoices">
          {activity.invoices.map((row) => (
            <ActivityRow
              key={row.id}
              number={row.invoiceNumber}
              client={row.clientName}
              total={row.total}
              badge={<StatusBadge status={row.status} tones={paymentStatusTones} />}
            />
          ))}
        </ActivityList>
        <ActivityList title="Receipts" empty="No recent receipts">
          {activity.receipts.map((row) => (
            <ActivityRow
              key={row.id}
              number={row.receiptNumber}
              client={row.clientName}
              total={row.total}
              badge={
                <span className="text-xs text-muted-foreground">{humanise(row.paymentMethod)}</span>
              }
            />
          ))}
        </ActivityList>
      </div>
    </section>
  );
}
