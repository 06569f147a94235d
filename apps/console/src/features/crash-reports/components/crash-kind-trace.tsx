import type { CrashReport } from '@patrol/contracts';
import { crashKindLabels } from '@patrol/contracts';
import { describeAnr, formatTombstone } from '@patrol/domain';
import { Badge } from '@/components/ui/badge';
import { CrashCodeBlock } from '@/features/crash-reports/components/crash-code-block';
import { CrashStackTrace } from '@/features/crash-reports/components/crash-stack-trace';

type KindReport = Pick<
  CrashReport,
  'kind' | 'anr' | 'native' | 'stackTrace' | 'readableStackTrace'
>;

/** Crash, ANR or Native crash; a plain crash only says so where asked (`always`). */
export function CrashKindBadge({
  kind,
  always = false,
}: {
  kind: CrashReport['kind'];
  always?: boolean;
}) {
  if (kind === 'crash' && !always) return null;
  return <Badge variant={kind === 'crash' ? 'outline' : 'warning'}>{crashKindLabels[kind]}</Badge>;
}

/** The title of the trace section for each kind. */
export function crashTraceTitle(kind: CrashReport['kind']): string {
  if (kind === 'anr') return 'Main thread (ANR)';
  if (kind === 'native') return 'Native crash (tombstone)';
  return 'Stack trace';
}

/**
 * What a report says about where it failed, in its kind's terms: an ANR's blocked time over its
 * main thread's stack, a native crash's signal, abort message and backtrace with build ids, or a
 * crash's stack (readable and raw).
 */
export function CrashKindTrace({ report }: { report: KindReport }) {
  if (report.kind === 'native' && report.native) {
    return (
      <CrashCodeBlock label="Native backtrace">{formatTombstone(report.native)}</CrashCodeBlock>
    );
  }
  if (report.kind === 'anr' && report.anr) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">{describeAnr(report.anr)}</p>
        <CrashStackTrace report={report} />
      </div>
    );
  }
  return <CrashStackTrace report={report} />;
}
