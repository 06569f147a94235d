import { formatMoney, percentChange } from '@patrol/domain';
import { StatCard } from '@/components/stat-card';
import { type ReportData } from '@/features/billing/api/reports';
import { useBusinessStats } from '@/lib/business-stats-query';
import { RecentActivity } from './recent-activity';
import { PipelineChart } from './report-charts';
import { formatCount, Section } from './report-section';

/** The Overview sub-tab: the period's headline figures, the pipeline and recent activity. */
export function OverviewReport({ report }: { report: ReportData }) {
  const { dashboard } = report;
  const change = percentChange(dashboard.totalRevenue, dashboard.previousRevenue);
  const recent = useBusinessStats();
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Revenue"
          value={formatMoney(dashboard.netRevenue)}
          description={`Net of tax · tax ${formatMoney(dashboard.taxAmount)} · gross ${formatMoney(dashboard.totalRevenue)} · previous period ${formatMoney(dashboard.previousRevenue)} gross`}
          {...(change && {
            trend: change.direction === 'stable' ? 'flat' : change.direction,
            trendValue: change.text,
          })}
        />
        <StatCard
          title="Total Outstanding"
          value={formatMoney(dashboard.totalOutstanding)}
          description={`${formatCount(dashboard.overdueCount)} overdue`}
          variant={dashboard.overdueCount > 0 ? 'warning' : 'default'}
        />
        <StatCard
          title="Collection Rate"
          value={`${dashboard.collectionRate.toFixed(1)}%`}
          description={`Validated payments · awaiting validation ${formatMoney(dashboard.awaitingValidation)}`}
        />
        <StatCard
          title="Active Clients"
          value={formatCount(dashboard.activeClients)}
          description={`${formatCount(dashboard.newClients)} new`}
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
