import type { BusinessStats } from '@patrol/contracts';
import { formatMoney, humanise } from '@patrol/domain';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paymentStatusTones, quotationStatusTones } from '@/features/billing/lib/billing-labels';

/** A count as the dashboard writes it (1,234). */
export const count = (value: number) => value.toLocaleString('en-MY');

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
