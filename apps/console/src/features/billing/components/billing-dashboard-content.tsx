import type { BusinessStatsAnswer } from '@patrol/contracts';
import { formatMoney, hasPermission } from '@patrol/domain';
import { FileTextIcon, PackageIcon, ReceiptIcon, WalletIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { count, RecentActivity } from './recent-activity';
import { RevenueTrends } from './revenue-trends';

/** Said where the revenue and collection figures would be, to a user without reports.view. */
export const moneyHiddenNote =
  'Revenue and collection figures are shown to users who may view reports.';

/** The dashboard's counts, its money figures (for reports.view) and the recent documents. */
export function BillingDashboardContent({ stats }: { stats: BusinessStatsAnswer }) {
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
