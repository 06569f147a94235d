import type { DashboardStats } from '@patrol/contracts';
import { percentChange, type ChangeDirection } from '@patrol/domain';
import { Building2Icon, KeyRoundIcon } from 'lucide-react';
import { StatCard, type StatTrend } from '@/components/stat-card';

const trendOf: Record<ChangeDirection, StatTrend> = { up: 'up', down: 'down', stable: 'flat' };

function trendProps(current: number, previous: number) {
  const change = percentChange(current, previous);
  return change ? { trend: trendOf[change.direction], trendValue: change.text } : {};
}

/** Total Clients and Total Licences, each with its change over the last 30 days. */
export function DashboardSummaryCards({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StatCard
        title="Total Clients"
        value={stats.totalClients.toLocaleString('en-MY')}
        description={`+${stats.recentClients.toLocaleString('en-MY')} this month`}
        icon={Building2Icon}
        variant="info"
        {...trendProps(stats.totalClients, stats.previousTotalClients)}
      />
      <StatCard
        title="Total Licences"
        value={stats.totalLicences.toLocaleString('en-MY')}
        description={`${stats.activeLicences.toLocaleString('en-MY')} bound`}
        icon={KeyRoundIcon}
        variant="success"
        {...trendProps(stats.totalLicences, stats.previousTotalLicences)}
      />
    </div>
  );
}
