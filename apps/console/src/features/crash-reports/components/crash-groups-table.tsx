import type { CrashGroup } from '@patrol/contracts';
import { valueOrNotAvailable } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { sortHeadings } from '@/components/sort-header';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { SeverityBadge } from '@/features/crash-reports/components/crash-badges';
import { CrashKindBadge } from '@/features/crash-reports/components/crash-kind-trace';
import type { CrashGroupListParams } from '@/lib/query-keys';

/** The group view's empty text. */
export const noCrashGroupsText = 'No crash groups found';

const versionsShown = 2;

type SortField = CrashGroupListParams['sortBy'];

type CrashGroupsTableProps = {
  groups: CrashGroup[];
  params: Pick<CrashGroupListParams, 'sortBy' | 'sortOrder'>;
  onSort: (field: SortField) => void;
  onOpen: (group: CrashGroup) => void;
};

/** The versions that sent the group, the most recent first; the rest counted. */
export function AppVersions({ versions }: { versions: string[] }) {
  if (versions.length === 0) return <span className="text-muted-foreground">N/A</span>;
  const hidden = versions.length - versionsShown;
  return (
    <span className="flex flex-wrap gap-1" title={versions.join(', ')}>
      {versions.slice(0, versionsShown).map((version) => (
        <Badge key={version} variant="outline" className="tabular-nums">
          {version}
        </Badge>
      ))}
      {hidden > 0 && <span className="text-xs text-muted-foreground">+{hidden} more</span>}
    </span>
  );
}

/**
 * Reports gathered by fingerprint: how often each crash recurs, where and since when. The title
 * opens the group, whose dialog leads to its reports.
 */
export function CrashGroupsTable({ groups, params, onSort, onOpen }: CrashGroupsTableProps) {
  const sortHeader = sortHeadings<SortField>(params, onSort);

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Crash</TableHead>
          <TableHead>Severity</TableHead>
          {sortHeader('Occurrences', 'occurrences', 'text-right')}
          {sortHeader('Devices', 'devices', 'text-right')}
          {sortHeader('First Seen', 'firstSeen')}
          {sortHeader('Last Seen', 'lastSeen')}
          <TableHead className="hidden lg:table-cell">App Versions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.length === 0 ? (
          <TableRow>
            <TableCell colSpan={7} className="h-24 text-center text-muted-foreground">
              {noCrashGroupsText}
            </TableCell>
          </TableRow>
        ) : (
          groups.map((group) => (
            <TableRow key={group.fingerprint}>
              <TableCell className="max-w-64">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                  title={group.title}
                  onClick={() => onOpen(group)}
                >
                  {group.title}
                </button>
                <div
                  className="truncate font-mono text-xs text-muted-foreground"
                  title={group.culprit ?? undefined}
                >
                  {valueOrNotAvailable(group.exceptionType)}
                  {group.culprit && ` at ${group.culprit}`}
                </div>
                <div className="truncate text-xs text-muted-foreground">{group.groupingReason}</div>
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  <SeverityBadge severity={group.severity} />
                  <CrashKindBadge kind={group.kind} />
                </div>
              </TableCell>
              <TableCell numeric>{group.occurrences.toLocaleString('en-MY')}</TableCell>
              <TableCell numeric>{group.devices.toLocaleString('en-MY')}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatBusinessDateTime(group.firstSeen)}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatBusinessDateTime(group.lastSeen)}
              </TableCell>
              <TableCell className="hidden lg:table-cell">
                <AppVersions versions={group.appVersions} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
