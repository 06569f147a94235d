import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { readLastDashboardRefresh } from '@/features/dashboard/lib/last-dashboard-refresh';

/** Refresh timing of spec 1 section 9. */
export const dashboardRefreshTiming = {
  /** A manual refresh sooner than this after the last is ignored. */
  manualMinIntervalMs: 1_000,
  /** How often the auto-refresh check runs. */
  autoCheckEveryMs: 30_000,
  /** Data older than this is refreshed by the check. */
  maxDataAgeMs: 30_000,
} as const;

export const refreshRateLimitedMessage = 'Refresh rate limited';

type RefreshOptions = {
  /** The error dialog's Retry: skips the manual rate limit. */
  force?: boolean;
};

/**
 * The dashboard's refresh rules: a manual refresh within 1 s of the last is ignored with a
 * 'Refresh rate limited' toast, and every 30 s the data is refreshed when older than 30 s.
 * `refetch` re-runs the dashboard query. Returns the manual refresh.
 */
export function useDashboardRefresh(refetch: () => unknown): (options?: RefreshOptions) => void {
  const lastManualRequest = useRef(0);
  const latestRefetch = useRef(refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  });

  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - readLastDashboardRefresh() > dashboardRefreshTiming.maxDataAgeMs) {
        latestRefetch.current();
      }
    }, dashboardRefreshTiming.autoCheckEveryMs);
    return () => clearInterval(timer);
  }, []);

  return useCallback(({ force = false }: RefreshOptions = {}) => {
    const now = Date.now();
    const last = Math.max(lastManualRequest.current, readLastDashboardRefresh());
    if (!force && now - last < dashboardRefreshTiming.manualMinIntervalMs) {
      toast.info(refreshRateLimitedMessage, { id: 'dashboard-refresh-rate-limited' });
      return;
    }
    lastManualRequest.current = now;
    latestRefetch.current();
  }, []);
}
