import type { CrashReportStatistics } from '@patrol/contracts';
import { BugIcon, CircleCheckIcon, InboxIcon, OctagonAlertIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Skeleton } from '@/components/ui/skeleton';

const count = (value: number) => value.toLocaleString('en-MY');

/** Total, New, Resolved and Critical reports (spec 2 section 2.4). */
export function CrashStatisticsCards({
  statistics,
}: {
  statistics: CrashReportStatistics | undefined;
}) {
  if (!statistics) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        role="status"
        aria-label="Loading the statistics"
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-[92px] rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Reports"
        value={count(statistics.totalReports)}
        description="Crash and debug reports received"
        icon={BugIcon}
      />
      <StatCard
        title="New Reports"
        value={count(statistics.newReports)}
        description="Not looked at yet"
        icon={InboxIcon}
        variant="info"
      />
      <StatCard
        title="Resolved"
        value={count(statistics.resolvedReports)}
        description="Marked resolved"
        icon={CircleCheckIcon}
        variant="success"
      />
      <StatCard
        title="Critical"
        value={count(statistics.criticalReports)}
        description="Sent with critical severity"
        icon={OctagonAlertIcon}
        variant="danger"
      />
    </div>
  );
}
