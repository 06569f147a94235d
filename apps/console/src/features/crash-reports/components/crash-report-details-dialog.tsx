import type { CrashReport } from '@patrol/contracts';
import {
  batteryLevelText,
  crashReportFileName,
  crashReportScores,
  formatBytesAsGb,
  shortReportId,
  valueOrNotAvailable,
} from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { CopyIcon, DownloadIcon, LayersIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCrashReport } from '@/features/crash-reports/api/get-crash-report';
import {
  ReportTypeBadge,
  ScoreBadge,
  SeverityBadge,
} from '@/features/crash-reports/components/crash-badges';
import { CrashCodeBlock } from '@/features/crash-reports/components/crash-code-block';
import {
  CrashKindBadge,
  CrashKindTrace,
  crashTraceTitle,
} from '@/features/crash-reports/components/crash-kind-trace';
import { CrashStatusMenu } from '@/features/crash-reports/components/crash-status-menu';
import {
  crashReportScreenMessages,
  reportDataFailedMessage,
  reportDataJson,
} from '@/features/crash-reports/lib/crash-report-messages';
import { saveBlob } from '@/lib/download';

type CrashReportDetailsDialogProps = {
  /** The row that was opened; null closes the dialog. */
  report: CrashReport | null;
  onClose: () => void;
  /** Shows the group of reports this one belongs to. */
  onOpenGroup: (fingerprint: string) => void;
};

/** A time the app sent as epoch milliseconds ('1732406400000') or as an ISO string. */
function appTimeText(value: string | null | undefined): string {
  return formatBusinessDateTime(value && /^\d{12,14}$/.test(value) ? Number(value) : value);
}

/** Available memory in GB; the app's own wording when it sent only that. */
function availableMemoryText(report: CrashReport): string {
  const { availableMemory, formattedAvailableMemory } = report.deviceInfo;
  if (typeof availableMemory === 'number') return formatBytesAsGb(availableMemory);
  return valueOrNotAvailable(formattedAvailableMemory);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DataActions({ report, pending }: { report: CrashReport; pending: boolean }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reportDataJson(report));
      toast.success(crashReportScreenMessages.copied);
    } catch {
      toast.error(reportDataFailedMessage('copy', report.reportType));
    }
  };
  const download = () => {
    try {
      saveBlob(
        new Blob([reportDataJson(report)], { type: 'application/json' }),
        crashReportFileName(report),
      );
      toast.success(crashReportScreenMessages.downloaded);
    } catch {
      toast.error(reportDataFailedMessage('download', report.reportType));
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => void copy()} disabled={pending}>
        <CopyIcon aria-hidden="true" />
        Copy
      </Button>
      <Button variant="outline" size="sm" onClick={download} disabled={pending}>
        <DownloadIcon aria-hidden="true" />
        Download
      </Button>
    </>
  );
}

function ReportBody({ report }: { report: CrashReport }) {
  const device = report.deviceInfo;
  const app = report.appInfo;
  const scores = crashReportScores(report.additionalData);
  const additional = Object.keys(report.additionalData).length > 0;
  return (
    <div className="grid gap-5">
      <Section title="Error">
        <Facts
          rows={[
            ['Error message', valueOrNotAvailable(report.errorMessage)],
            ['Description', valueOrNotAvailable(report.description)],
          ]}
        />
      </Section>
      <Section title={crashTraceTitle(report.kind)}>
        <CrashKindTrace report={report} />
      </Section>
      <Section title="Device">
        <Facts
          rows={[
            ['Platform', valueOrNotAvailable(device.platform)],
            ['OS version', valueOrNotAvailable(device.osVersion)],
            ['Manufacturer', valueOrNotAvailable(device.manufacturer)],
            ['Model', valueOrNotAvailable(device.model)],
            ['Screen size', valueOrNotAvailable(device.screenSize)],
            ['Available memory', availableMemoryText(report)],
            ['Total memory', formatBytesAsGb(device.totalMemory)],
            ['Available storage', formatBytesAsGb(device.availableStorage)],
            ['Total storage', formatBytesAsGb(device.totalStorage)],
            ['Network', valueOrNotAvailable(device.networkType)],
            ['Battery', batteryLevelText(device.batteryLevel)],
            ['Device ID', valueOrNotAvailable(report.deviceId)],
          ]}
        />
      </Section>
      <Section title="App">
        <Facts
          rows={[
            ['App name', valueOrNotAvailable(app.appName)],
            ['Package', valueOrNotAvailable(app.packageName)],
            ['Version', valueOrNotAvailable(app.version)],
            ['Build number', valueOrNotAvailable(app.buildNumber)],
            ['Installed', appTimeText(app.installTime)],
          ]}
        />
      </Section>
      <Section title="Reporter">
        <Facts
          rows={[
            ['User email', valueOrNotAvailable(report.userEmail)],
            ['User ID', valueOrNotAvailable(report.userId)],
            ['Company ID', valueOrNotAvailable(report.companyId)],
            ['Reproducible', valueOrNotAvailable(report.reproducible)],
            ['Steps', valueOrNotAvailable(report.userSteps)],
            [
              'Tags',
              report.tags.length === 0 ? (
                'N/A'
              ) : (
                <span className="flex flex-wrap gap-1">
                  {report.tags.map((tag) => (
                    <Badge key={tag} variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </span>
              ),
            ],
          ]}
        />
      </Section>
      {scores.length > 0 && (
        <Section title="Scores">
          <Facts
            rows={scores.map((score): [string, ReactNode] => [
              score.label,
              <ScoreBadge key={score.key} score={score.value} />,
            ])}
          />
        </Section>
      )}
      <Section title="Additional data">
        {additional ? (
          <CrashCodeBlock label="Additional data">
            {JSON.stringify(report.additionalData, null, 2)}
          </CrashCodeBlock>
        ) : (
          <p className="text-sm text-muted-foreground">N/A</p>
        )}
      </Section>
      <Section title="Timeline">
        <Facts
          rows={[
            ['Created', formatBusinessDateTime(report.createdAt)],
            ['Updated', formatBusinessDateTime(report.updatedAt)],
          ]}
        />
      </Section>
    </div>
  );
}

/**
 * Everything a report carries, read again from the server (the row shows meanwhile), with its
 * status, and Copy and Download of its data as JSON.
 */
export function CrashReportDetailsDialog({
  report: row,
  onClose,
  onOpenGroup,
}: CrashReportDetailsDialogProps) {
  const detail = useCrashReport(row?.id ?? null, row ?? undefined);
  const report = detail.data ?? row;
  const failed = detail.isError;
  // The list carries the start of a stack trace only: copy and download the whole report.
  const wholeReportPending = detail.isPlaceholderData && detail.isFetching;

  useEffect(() => {
    if (failed) toast.error(crashReportScreenMessages.detailsFailed);
  }, [failed]);

  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        {report && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 leading-snug break-words">{report.title}</DialogTitle>
              <DialogDescription>
                Report <span className="font-mono">{shortReportId(report.id)}</span>, received{' '}
                {formatBusinessDateTime(report.createdAt)}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-center gap-2">
              <ReportTypeBadge reportType={report.reportType} />
              <CrashKindBadge kind={report.kind} always />
              <SeverityBadge severity={report.severity} />
              <CrashStatusMenu report={report} />
              <div className="ml-auto flex flex-wrap gap-2">
                {report.fingerprint && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onOpenGroup(report.fingerprint!)}
                  >
                    <LayersIcon aria-hidden="true" />
                    View Group
                  </Button>
                )}
                <DataActions report={report} pending={wholeReportPending} />
              </div>
            </div>
            <ReportBody report={report} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
