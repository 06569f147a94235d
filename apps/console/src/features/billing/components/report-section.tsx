import type { ReportType } from '@patrol/contracts';
import { canPerform, humanise } from '@patrol/domain';
import { DownloadIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { exportReport, type ReportPeriodChoice } from '@/features/billing/api/reports';
import { useAuth } from '@/lib/auth';

/** A count as the reports print it, grouped the Malaysian way. */
export const formatCount = (value: number) => value.toLocaleString('en-MY');

/** A report's card: its title, an optional action beside it, its content. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

/**
 * Export: the workbook, or the JSON fallback when the workbook fails (spec 3 section 7). Shown
 * only to users with reports.export.
 */
export function ExportButton(props: { type: ReportType; period: ReportPeriodChoice }) {
  const { user } = useAuth();
  return canPerform(user, 'exportReport') ? <ExportAction {...props} /> : null;
}

function ExportAction({ type, period }: { type: ReportType; period: ReportPeriodChoice }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const format = await exportReport(type, period);
      if (format === 'xlsx') toast.success(`${humanise(type)} report exported`);
      else toast.warning(`The Excel export failed; the ${type} report was saved as JSON instead`);
    } catch (error) {
      toast.error(
        `Failed to export report: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy}>
      <DownloadIcon aria-hidden="true" className={busy ? 'animate-pulse' : undefined} />
      {busy ? 'Exporting...' : 'Export'}
    </Button>
  );
}
