import { billingInsightLimits } from '@patrol/contracts';
import { agingBucketLabels, formatMoney } from '@patrol/domain';
import { StatCard } from '@/components/stat-card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TruncatedText,
} from '@/components/ui/table';
import type { ReportData, ReportPeriodChoice } from '@/features/billing/api/reports';
import { AgingChart } from './report-charts';
import { ExportButton, formatCount, Section } from './report-section';

const bucketKeys = ['current', 'thirty', 'sixty', 'ninety'] as const;

/** The Aging sub-tab: what is owed by days past due, in all and by client. */
export function AgingReport({
  report,
  period,
}: {
  report: ReportData;
  period: ReportPeriodChoice;
}) {
  const { aging } = report;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {bucketKeys.map((key) => (
          <StatCard
            key={key}
            title={`${agingBucketLabels[key]} days`}
            value={formatMoney(aging.buckets[key].amount)}
            description={`${formatCount(aging.buckets[key].count)} invoices`}
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
          <Table containerClassName="max-h-[36rem]">
            <TableHeader>
              <TableRow>
                <TableHead>Client</TableHead>
                <TableHead numeric>Total Outstanding</TableHead>
                {bucketKeys.map((key) => (
                  <TableHead key={key} numeric>
                    {agingBucketLabels[key]}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {aging.details.map((row) => (
                <TableRow key={row.name}>
                  <TableCell>
                    <TruncatedText className="max-w-56" text={row.name} />
                  </TableCell>
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
                    <TableCell key={key} numeric>
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
