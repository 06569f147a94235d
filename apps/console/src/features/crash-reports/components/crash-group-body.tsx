import { canPerform, valueOrNotAvailable } from '@patrol/domain';
import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { CrashGroupDetail } from '@/features/crash-reports/api/get-crash-groups';
import { ReportTypeBadge, SeverityBadge } from '@/features/crash-reports/components/crash-badges';
import { CrashGroupMerges } from '@/features/crash-reports/components/crash-group-merges';
import { CrashGroupVariants } from '@/features/crash-reports/components/crash-group-variants';
import { AppVersions } from '@/features/crash-reports/components/crash-groups-table';
import { CrashKindBadge } from '@/features/crash-reports/components/crash-kind-trace';
import { useAuth } from '@/lib/auth';
import { formatBusinessDateTime } from '@/lib/company-time';

function GroupFacts({ group }: { group: CrashGroupDetail }) {
  const rows: [string, ReactNode][] = [
    ['Exception', valueOrNotAvailable(group.exceptionType)],
    ['Crashed at', valueOrNotAvailable(group.culprit)],
    ['Occurrences', group.occurrences.toLocaleString('en-MY')],
    ['Devices', group.devices.toLocaleString('en-MY')],
    ['First seen', formatBusinessDateTime(group.firstSeen)],
    ['Last seen', formatBusinessDateTime(group.lastSeen)],
    ['App versions', <AppVersions key="versions" versions={group.appVersions} />],
  ];
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The group dialog's body: why grouped, facts, frames, versions, merges and stack variants. */
export function CrashGroupBody({ group }: { group: CrashGroupDetail }) {
  const { user } = useAuth();
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap gap-2">
        <ReportTypeBadge reportType={group.reportType} />
        <CrashKindBadge kind={group.kind} always />
        <SeverityBadge severity={group.severity} />
      </div>
      <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
        <span className="font-semibold">Grouped by: </span>
        <span data-testid="grouping-reason">{group.groupingReason}</span>
      </p>
      <GroupFacts group={group} />
      <section aria-label="Frames" className="grid gap-2">
        <h3 className="text-sm font-semibold">Frames</h3>
        {group.frames.length === 0 ? (
          <p className="text-sm text-muted-foreground">N/A</p>
        ) : (
          <ol className="max-h-48 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs">
            {group.frames.map((frame, index) => (
              <li key={index}>{frame}</li>
            ))}
          </ol>
        )}
      </section>
      <section aria-label="By app version" className="grid gap-2">
        <h3 className="text-sm font-semibold">By app version</h3>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Version</TableHead>
              <TableHead numeric>Occurrences</TableHead>
              <TableHead>First Seen</TableHead>
              <TableHead>Last Seen</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {group.versions.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="text-center text-muted-foreground">
                  N/A
                </TableCell>
              </TableRow>
            ) : (
              group.versions.map((version) => (
                <TableRow key={version.version}>
                  <TableCell className="tabular-nums">{version.version}</TableCell>
                  <TableCell numeric>{version.occurrences.toLocaleString('en-MY')}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatBusinessDateTime(version.firstSeen)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatBusinessDateTime(version.lastSeen)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </section>
      <CrashGroupMerges fingerprint={group.fingerprint} merged={group.merged} />
      {canPerform(user, 'splitCrashReports') && (
        <CrashGroupVariants key={group.fingerprint} fingerprint={group.fingerprint} />
      )}
    </div>
  );
}
