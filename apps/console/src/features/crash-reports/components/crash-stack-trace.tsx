import type { CrashReport } from '@patrol/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CrashCodeBlock } from '@/features/crash-reports/components/crash-code-block';

type StackView = 'readable' | 'raw';

/**
 * A report's stack trace: the readable one (retraced with its version's R8 mapping) when there is
 * one, with a toggle to the stack as the app sent it.
 */
export function CrashStackTrace({
  report,
}: {
  report: Pick<CrashReport, 'stackTrace' | 'readableStackTrace'>;
}) {
  const [view, setView] = useState<StackView>('readable');
  if (!report.stackTrace) return <p className="text-sm text-muted-foreground">N/A</p>;
  const readable = report.readableStackTrace;
  const shown = readable && view === 'readable' ? readable : report.stackTrace;
  const label = readable && view === 'readable' ? 'Readable stack trace' : 'Stack trace';
  return (
    <div className="grid gap-2">
      {readable && (
        <div role="group" aria-label="Stack trace view" className="flex items-center gap-2">
          <Button
            variant={view === 'readable' ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={view === 'readable'}
            onClick={() => setView('readable')}
          >
            Readable
          </Button>
          <Button
            variant={view === 'raw' ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={view === 'raw'}
            onClick={() => setView('raw')}
          >
            Raw (obfuscated)
          </Button>
          <span className="text-xs text-muted-foreground">
            {view === 'readable'
              ? 'Retraced with the version’s R8 mapping.'
              : 'As the app sent it.'}
          </span>
        </div>
      )}
      <CrashCodeBlock label={label}>{shown}</CrashCodeBlock>
    </div>
  );
}
