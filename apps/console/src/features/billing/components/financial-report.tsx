import { formatMoney, humanise } from '@patrol/domain';
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
import { MethodBreakdownChart, RevenueTrendChart } from './report-charts';
import { ExportButton, formatCount, Section } from './report-section';

/** The Financial sub-tab: revenue and its trend, payment methods, top clients. */
export function FinancialReport({
  report,
  period,
}: {
  report: ReportData;
  period: ReportPeriodChoice;
}) {
  const { business, payments } = report;
  return (
    <div className="grid gap-4">
      <Section title="Revenue" actions={<ExportButton type="financial" period={period} />}>
        <dl className="mb-4 grid gap-3 sm:grid-cols-3">
          {(
            [
              ['Revenue (net of tax)', business.revenue.net],
              ['Tax', business.revenue.tax],
              ['Invoiced (gross)', business.revenue.invoiced],
              ['Collected', business.revenue.collected],
              ['Awaiting validation', business.revenue.awaitingValidation],
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
                    <TableHead numeric>Amount</TableHead>
                    <TableHead numeric>Share</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {payments.methodBreakdown.map((row) => (
                    <TableRow key={row.method}>
                      <TableCell>{humanise(row.method)}</TableCell>
                      <TableCell numeric>{formatMoney(row.amount)}</TableCell>
                      <TableCell numeric>{row.percentage.toFixed(1)}%</TableCell>
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
                  <TableHead numeric>Revenue</TableHead>
                  <TableHead numeric>Invoices</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {business.topClients.map((row) => (
                  <TableRow key={row.name}>
                    <TableCell>
                      <TruncatedText className="max-w-56" text={row.name} />
                    </TableCell>
                    <TableCell numeric>{formatMoney(row.revenue)}</TableCell>
                    <TableCell numeric>{formatCount(row.invoices)}</TableCell>
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
