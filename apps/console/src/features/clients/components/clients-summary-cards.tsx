import type { ClientSummary } from '@patrol/contracts';
import type { LucideIcon } from 'lucide-react';
import { Building2Icon, CalendarPlusIcon, KeyRoundIcon, UserCheckIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The active rate to one decimal; 0 when there are no clients. */
export function activeRate(summary: ClientSummary): string {
  const rate =
    summary.totalClients === 0 ? 0 : (summary.activeClients / summary.totalClients) * 100;
  return `${rate.toFixed(1)}% active rate`;
}

type SummaryCardProps = { title: string; value: number; description: string; icon: LucideIcon };

function SummaryCard({ title, value, description, icon: Icon }: SummaryCardProps) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{title}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums">
            {value.toLocaleString('en-MY')}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{description}</p>
        </div>
        <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </CardContent>
    </Card>
  );
}

/** Total Clients, Active Clients, Total Licences and New This Month (spec 1 section 2.7). */
export function ClientsSummaryCards({ summary }: { summary: ClientSummary | undefined }) {
  if (!summary) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[104px] rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Total Clients"
        value={summary.totalClients}
        description="All client companies"
        icon={Building2Icon}
      />
      <SummaryCard
        title="Active Clients"
        value={summary.activeClients}
        description={activeRate(summary)}
        icon={UserCheckIcon}
      />
      <SummaryCard
        title="Total Licences"
        value={summary.totalLicences}
        description="Across all clients"
        icon={KeyRoundIcon}
      />
      <SummaryCard
        title="New This Month"
        value={summary.newThisMonth}
        description="Added in the last 30 days"
        icon={CalendarPlusIcon}
      />
    </div>
  );
}
