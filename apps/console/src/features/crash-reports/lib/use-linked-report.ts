import type { CrashReport } from '@patrol/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCrashReport } from '@/features/crash-reports/api/get-crash-report';

/**
 * Opens the report a link names (/crash-report?report={id}, the critical-crash toast's link):
 * reads it from the server, hands it to `open`, then drops the parameter so closing stays closed.
 */
export function useLinkedReport(open: (report: CrashReport) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('report');
  const linked = useCrashReport(id);
  useEffect(() => {
    if (!id || !linked.data) return;
    open(linked.data);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('report');
        return next;
      },
      { replace: true },
    );
  }, [id, linked.data, open, setSearchParams]);
}
