import { evaluateReportTargets, formatMoney, type TargetStatus } from '@patrol/domain';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import type { ReportData, ReportPeriodChoice } from '@/features/billing/api/reports';
import { ExportButton, formatCount, Section } from './report-section';

const statusTones: Record<TargetStatus, 'success' | 'warning' | 'danger'> = {
  'On target': 'success',
  'Needs attention': 'warning',
  'Below target': 'danger',
};

/** The Performance sub-tab: conversion, retention and payment times, and progress against targets. */
export function PerformanceReport({
  report,
  period,
}: {
  report: ReportData;
  period: ReportPeriodChoice;
}) {
  const { business, payments, dashboard } = report;
  const targets = evaluateReportTargets({
    monthlyRevenue: business.monthlyRevenue,
    collectionRate: dashboard.collectionRate,
    conversionRate: business.quotationConversionRate,
    daysToCollect: payments.averageDaysToPay,
  });
  const shown = (key: string, value: number | null) =>
    value === null
      ? 'No payment collected'
      : key === 'monthlyRevenue'
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
          description={`${formatCount(business.quotationsConverted)} of ${formatCount(business.totalQuotations)} converted`}
        />
        <StatCard title="Average Deal Size" value={formatMoney(business.averageDealSize)} />
        <StatCard title="Client Retention" value={`${business.clientRetentionRate.toFixed(1)}%`} />
        <StatCard
          title="Revenue Growth"
          value={`${business.monthlyGrowth.toFixed(1)}%`}
          description="Against the previous period"
        />
        <StatCard
          title="Average Days to Pay"
          value={payments.averageDaysToPay === null ? '—' : payments.averageDaysToPay.toFixed(1)}
          description={payments.averageDaysToPay === null ? 'No payment collected' : undefined}
        />
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
                  {row.status && <Badge variant={statusTones[row.status]}>{row.status}</Badge>}
                </span>
              </div>
              <Progress
                value={Math.min(100, row.percentOfTarget ?? 0)}
                aria-label={`${row.label} progress`}
              />
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
