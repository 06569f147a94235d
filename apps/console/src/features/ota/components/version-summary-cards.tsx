import type { ListOtaVersionsResponse } from '@patrol/contracts';
import { CheckCircle2Icon, LayersIcon, RocketIcon, SparklesIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card';

/** Total Versions, Active Versions, Current Version and Latest Version (shown when versions exist). */
export function VersionSummaryCards({ list }: { list: ListOtaVersionsResponse }) {
  const active = list.versions.filter((version) => version.isActive).length;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Total Versions" value={list.totalVersions} icon={LayersIcon} />
      <StatCard title="Active Versions" value={active} icon={CheckCircle2Icon} variant="success" />
      <StatCard
        title="Current Version"
        value={list.currentVersion ?? 'None'}
        description={list.currentVersion ? 'Offered to devices' : 'No version is active'}
        icon={RocketIcon}
        variant="info"
      />
      <StatCard
        title="Latest Version"
        value={list.latestVersion ?? 'None'}
        description="Newest upload"
        icon={SparklesIcon}
      />
    </div>
  );
}
