import {
  billingInsightLimits,
  reportMessages,
  type ReportDateRange,
  type ReportType,
} from '@patrol/contracts';
import {
  agingBucketLabels,
  evaluateReportTargets,
  formatBusinessDateTime,
  formatMoney,
  humanise,
  percentChange,
  type TargetStatus,
} from '@patrol/domain';
import { DownloadIcon, RefreshCwIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  exportReport,
  useReport,
  type ReportData,
  type ReportPeriodChoice,
} from '@/features/billing/api/reports';
import { useBusinessStats } from '@/lib/business-stats-query';
import { RecentActivity } from './billing-dashboard-tab';
import {
  AgingChart,
  MethodBreakdownChart,
  PipelineChart,
  RevenueTrendChart,
} from './report-charts';

const rangeLabels: Record<ReportDateRange, string> = {
  week: 'Last 7 days',
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  custom: 'Custom range',
};

const statusTones: Record<TargetStatus, 'success' | 'warning' | 'danger'> = {
  'On target': 'success',
  'Needs attention': 'warning',
  'Below target': 'danger',
};

const count = (value: number) => value.toLocaleString('en-MY');

/** The Reports tab (spec 3 section 2): a period, four sub-tabs, charts and exports. */
export function ReportsTab() {
  const [period, setPeriod] = useState<ReportPeriodChoice>({ dateRange: 'month' });
  const report = useReport(period);
  const customIncomplete = period.dateRange === 'custom' && !(period.dateFrom && period.dateTo);
  const customOutOfOrder =
    period.dateRange === 'custom' &&
    Boolean(period.dateFrom && period.dateTo && period.dateFrom > period.dateTo);

  return (
    <div className="grid gap-4">
      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 p-4 md:flex-row md:flex-wrap md:items-end">
          <div className="md:w-48">
            <FormField id="report-range" label="Date range">
              <NativeSelect
                id="report-range"
                value={period.dateRange}
                onChange={(event) =>
                  setPeriod({ ...period, dateRange: event.target.value as ReportDateRange })
                }
              >
                {Object.entries(rangeLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          {period.dateRange === 'custom' && (
            <>
              <div className="md:w-44">
                <FormField id="report-from" label="From">
                  <Input
                    id="report-from"
                    type="date"
                    value={period.dateFrom ?? ''}
                    onChange={(event) =>
                      setPeriod({ ...period, dateFrom: event.target.value || undefined })
                    }
                  />
                </FormField>
              </div>
              <div className="md:w-44">
                <FormField
                  id="report-to"
                  label="To"
                  error={customOutOfOrder ? reportMessages.rangeOrder : undefined}
                >
                  <Input
                    id="report-to"
                    type="date"
                    value={period.dateTo ?? ''}
                    onChange={(event) =>
                      setPeriod({ ...period, dateTo: event.target.value || undefined })
                    }
                  />
                </FormField>
              </div>
            </>
          )}
          <div className="flex items-center gap-3 md:ml-auto">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              Last updated:{' '}
              {report.dataUpdatedAt
                ? formatBusinessDateTime(new Date(report.dataUpdatedAt))
                : 'Never'}
            </span>
            <Button
              variant="outline"
              onClick={() => void report.refetch()}
              disabled={report.isFetching || customIncomplete}
            >
              <RefreshCwIcon
                aria-hidden="true"
                className={report.isFetching ? 'animate-spin' : undefined}
              />
              Refresh
            </Button>
          </div>
        </div>
        {customIncomplete && (
          <p className="px-4 pb-4 text-sm text-muted-foreground">
            {reportMessages.customRangeDates}
          </p>
        )}
      </Card>
      {report.isError ? (
        <Card role="alert" className="items-center gap-3 py-10 text-center">
          <p className="font-medium">{report.error.message}</p>
          <Button variant="outline" onClick={() => void report.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : report.data ? (
        <ReportSections report={report.data} period={period} />
      ) : customIncomplete ? null : (
        <div role="status" aria-label="Loading reports" className="grid gap-4 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
      )}
    </div>
  );
}

function ReportSections({ report, period }: { report: ReportData; period: ReportPeriodChoice }) {
  return (
    <Tabs defaultValue="overview">
      <TabsList>
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="financial">Financial</TabsTrigger>
        <TabsTrigger value="aging">Aging</TabsTrigger>
        <TabsTrigger value="performance">Performance</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewReport report={report} />
      </TabsContent>
      <TabsContent value="financial">
        <FinancialReport report={report} period={period} />
      </TabsContent>
      <TabsContent value="aging">
        <AgingReport report={report} period={period} />
      </TabsContent>
      <TabsContent value="performance">
        <PerformanceReport report={report} period={period} />
      </TabsContent>
    </Tabs>
  );
}

function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

/** Export: the workbook, or the JSON fallback when the workbook fails (spec 3 section 7). */
function ExportButton({ type, period }: { type: ReportType; period: ReportPeriodChoice }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const format = await exportReport(type, period);
      if (format === 'xlsx') toast.success(`${humanise(type)} report exported`);
      else toast.warning(`The Excel export failed; the ${type} report was saved as JSON instead`);
    } catch (error) {
      toast.error(
        `Failed to export report: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy}>
      <DownloadIcon aria-hidden="true" className={busy ? 'animate-pulse' : undefined} />
      {busy ? 'Exporting...' : 'Export'}
    </Button>
  );
}

function OverviewReport({ report }: { report: ReportData }) {
  const { dashboard } = report;
  const change = percentChange(dashboard.totalRevenue, dashboard.previousRevenue);
  const recent = useBusinessStats();
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Revenue"
          value={formatMoney(dashboard.totalRevenue)}
          description={`Previous period ${formatMoney(dashboard.previousRevenue)}`}
          {...(change && {
            trend: change.direction === 'stable' ? 'flat' : change.direction,
            trendValue: change.text,
          })}
        />
        <StatCard
          title="Total Outstanding"
          value={formatMoney(dashboard.totalOutstanding)}
          description={`${count(dashboard.overdueCount)} overdue`}
          variant={dashboard.overdueCount > 0 ? 'warning' : 'default'}
        />
        <StatCard title="Collection Rate" value={`${dashboard.collectionRate.toFixed(1)}%`} />
        <StatCard
          title="Active Clients"
          value={count(dashboard.activeClients)}
          description={`${count(dashboard.newClients)} new`}
        />
      </div>
      <Section title="Pipeline">
        <PipelineChart
          stages={[
            { name: 'Quotations', value: dashboard.quotationValue },
            { name: 'Invoices', value: dashboard.invoiceValue },
            { name: 'Payments', value: dashboard.paymentValue },
            { name: 'Receipts', value: dashboard.receiptValue },
          ]}
        />
      </Section>
      {recent.data && <RecentActivity activity={recent.data.recentActivity} />}
    </div>
  );
}

function FinancialReport({ report, period }: { report: ReportData; period: ReportPeriodChoice }) {
  const { business, payments } = report;
  return (
    <div className="grid gap-4">
      <Section title="Revenue" actions={<ExportButton type="financial" period={period} />}>
        <dl className="mb-4 grid gap-3 sm:grid-cols-3">
          {(
            [
              ['Invoiced', business.revenue.invoiced],
              ['Collected', business.revenue.collected],
              ['Outstanding', business.revenue.outstanding],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatMoney(value)}</dd>
            </div>
          ))}
        </dl>
        <RevenueTrendChart trend={business.revenueTrend} />
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Payment Methods">
          {payments.methodBreakdown.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              No payments in this period
            </p>
          ) : (
            <>
              <MethodBreakdownChart methods={payments.methodBreakdown} />
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Method</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead className="text-right">Share</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {payments.methodBreakdown.map((row) => (
                    <TableRow key={row.method}>
                      <TableCell>{humanise(row.method)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatMoney(row.amount)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {row.percentage.toFixed(1)}%
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Section>
        <Section title="Top Clients">
          {business.topClients.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              No invoices in this period
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Client</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                  <TableHead className="text-right">Invoices</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {business.topClients.map((row) => (
                  <TableRow key={row.name}>
                    <TableCell className="max-w-56 truncate">{row.name}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(row.revenue)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{count(row.invoices)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Section>
      </div>
    </div>
  );
}

const bucketKeys = ['current', 'thirty', 'sixty', 'ninety'] as const;

function AgingReport({ report, period }: { report: ReportData; period: ReportPeriodChoice }) {
  const { aging } = report;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {bucketKeys.map((key) => (
          <StatCard
            key={key}
            title={`${agingBucketLabels[key]} days`}
            value={formatMoney(aging.buckets[key].amount)}
            description={`${count(aging.buckets[key].count)} invoices`}
            variant={key === 'ninety' && aging.buckets[key].count > 0 ? 'danger' : 'default'}
          />
        ))}
      </div>
      <Section title="Aging by Client" actions={<ExportButton type="aging" period={period} />}>
        <p className="mb-2 text-xs text-muted-foreground">
          Days past the due date as of today, whatever the period.
        </p>
        {aging.details.length > 0 && <AgingChart buckets={aging.buckets} />}
        {aging.details.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No outstanding invoices</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Client</TableHead>
                <TableHead className="text-right">Total Outstanding</TableHead>
                {bucketKeys.map((key) => (
                  <TableHead key={key} className="text-right">
                    {agingBucketLabels[key]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {aging.details.map((row) => (
                <TableRow key={row.name}>
                  <TableCell className="max-w-56 truncate">{row.name}</TableCell>
                  <TableCell
                    className={
                      row.totalOutstanding > billingInsightLimits.agingClientAlert
                        ? 'text-right font-medium text-destructive tabular-nums'
                        : 'text-right tabular-nums'
                    }
                  >
                    {formatMoney(row.totalOutstanding)}
                  </TableCell>
                  {bucketKeys.map((key) => (
                    <TableCell key={key} className="text-right tabular-nums">
                      {formatMoney(row.buckets[key].amount)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {aging.details.length === billingInsightLimits.agingClientsShown && (
          <p className="mt-2 text-xs text-muted-foreground">
            The {billingInsightLimits.agingClientsShown} clients owing most; the export lists every
            client.
          </p>
        )}
      </Section>
    </div>
  );
}

function PerformanceReport({ report, period }: { report: ReportData; period: ReportPeriodChoice }) {
  const { business, payments, dashboard } = report;
  const targets = evaluateReportTargets({
    monthlyRevenue: business.monthlyRevenue,
    collectionRate: dashboard.collectionRate,
    conversionRate: business.quotationConversionRate,
    daysToCollect: payments.averageDaysToPay,
  });
  const shown = (key: string, value: number) =>
    key === 'monthlyRevenue'
      ? formatMoney(value)
      : key === 'daysToCollect'
        ? `${value} days`
        : `${value}%`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          title="Quotation Conversion"
          value={`${business.quotationConversionRate.toFixed(1)}%`}
          description={`${count(business.quotationsConverted)} of ${count(business.totalQuotations)} converted`}
        />
        <StatCard title="Average Deal Size" value={formatMoney(business.averageDealSize)} />
        <StatCard title="Client Retention" value={`${business.clientRetentionRate.toFixed(1)}%`} />
        <StatCard
          title="Revenue Growth"
          value={`${business.monthlyGrowth.toFixed(1)}%`}
          description="Against the previous period"
        />
        <StatCard title="Average Days to Pay" value={payments.averageDaysToPay.toFixed(1)} />
        <StatCard title="Average Days to Send" value={payments.averageInvoiceTime.toFixed(1)} />
      </div>
      <Section
        title="Progress against Targets"
        actions={<ExportButton type="performance" period={period} />}
      >
        <ul className="grid gap-4">
          {targets.map((row) => (
            <li key={row.key} className="grid gap-1.5">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-medium">{row.label}</span>
                <span className="flex items-center gap-2 tabular-nums">
                  {shown(row.key, row.actual)} / {shown(row.key, row.target)}
                  <Badge variant={statusTones[row.status]}>{row.status}</Badge>
                </span>
              </div>
              <Progress
                value={Math.min(100, row.percentOfTarget)}
                aria-label={`${row.label} progress`}
              />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
