import { reportMessages, type ReportDateRange } from '@patrol/contracts';
import { formatBusinessDateTime } from '@/lib/company-time';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useReport, type ReportPeriodChoice } from '@/features/billing/api/reports';
import { ReportCustomRange } from './report-custom-range';
import { ReportSections } from './report-sections';

const rangeLabels: Record<ReportDateRange, string> = {
  week: 'Last 7 days',
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  custom: 'Custom range',
};

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
            <ReportCustomRange period={period} onChange={setPeriod} outOfOrder={customOutOfOrder} />
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
