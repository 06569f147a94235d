import type { CrashReport } from '@patrol/contracts';
import { shortReportId, valueOrNotAvailable } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { EyeIcon } from 'lucide-react';
import { sortHeadings } from '@/components/sort-header';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ReportTypeBadge, SeverityBadge } from '@/features/crash-reports/components/crash-badges';
import { CrashKindBadge } from '@/features/crash-reports/components/crash-kind-trace';
import { CrashStatusMenu } from '@/features/crash-reports/components/crash-status-menu';
import type { CrashReportListParams } from '@/lib/query-keys';

/** Spec 2 section 2.4's empty list text. */
export const noCrashReportsText = 'No crash reports found';

type SortField = CrashReportListParams['sortBy'];

type CrashReportsTableProps = {
  reports: CrashReport[];
  params: Pick<CrashReportListParams, 'sortBy' | 'sortOrder'>;
  onSort: (field: SortField) => void;
  onOpen: (report: CrashReport) => void;
};

/** 'Samsung SM-A515F' from what the device sent; N/A when it sent neither. */
function deviceName(report: CrashReport): string {
  const { manufacturer, model } = report.deviceInfo;
  return valueOrNotAvailable([manufacturer, model].filter(Boolean).join(' '));
}

function platformText(report: CrashReport): string {
  const { platform, osVersion } = report.deviceInfo;
  if (!platform && !osVersion) return 'N/A';
  return `${valueOrNotAvailable(platform)} ${osVersion ?? ''}`.trim();
}

/** The reports of one page; the title (or the eye button) opens the details. */
export function CrashReportsTable({ reports, params, onSort, onOpen }: CrashReportsTableProps) {
  const sortHeader = sortHeadings<SortField>(params, onSort);

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>ID</TableHead>
          {sortHeader('Title', 'title')}
          <TableHead className="hidden 2xl:table-cell">Type</TableHead>
          {sortHeader('Severity', 'severity')}
          {sortHeader('Status', 'status')}
          <TableHead className="hidden 2xl:table-cell">Device</TableHead>
          <TableHead className="hidden lg:table-cell">App Version</TableHead>
          {sortHeader('Created', 'createdAt')}
          <TableHead className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reports.length === 0 ? (
          <TableRow>
            <TableCell colSpan={9} className="h-24 text-center text-muted-foreground">
              {noCrashReportsText}
            </TableCell>
          </TableRow>
        ) : (
          reports.map((report) => (
            <TableRow key={report.id}>
              <TableCell className="font-mono text-xs" title={report.id}>
                {shortReportId(report.id)}
              </TableCell>
              <TableCell className="max-w-72">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                  title={report.title}
                  onClick={() => onOpen(report)}
                >
                  {report.title}
                </button>
                <div
                  className="truncate text-xs text-muted-foreground"
                  title={report.errorMessage ?? undefined}
                >
                  {valueOrNotAvailable(report.errorMessage)}
                </div>
                {(report.companyName ?? report.companyId) && (
                  <div className="truncate text-xs" title={report.companyId ?? undefined}>
                    <span className="sr-only">Client: </span>
                    {report.companyName ?? report.companyId}
                  </div>
                )}
              </TableCell>
              <TableCell className="hidden 2xl:table-cell">
                <ReportTypeBadge reportType={report.reportType} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  <SeverityBadge severity={report.severity} />
                  <CrashKindBadge kind={report.kind} />
                </div>
              </TableCell>
              <TableCell>
                <CrashStatusMenu report={report} />
              </TableCell>
              <TableCell className="hidden 2xl:table-cell">
                <div className="whitespace-nowrap">{deviceName(report)}</div>
                <div className="text-xs text-muted-foreground">{platformText(report)}</div>
              </TableCell>
              <TableCell className="hidden tabular-nums lg:table-cell">
                {valueOrNotAvailable(report.appInfo.version)}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatBusinessDateTime(report.createdAt)}
              </TableCell>
              <TableCell>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`View details of ${report.title}`}
                  onClick={() => onOpen(report)}
                >
                  <EyeIcon aria-hidden="true" />
                </Button>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
