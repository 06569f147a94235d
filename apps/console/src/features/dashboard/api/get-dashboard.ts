import type { DashboardResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeLastDashboardRefresh } from '@/features/dashboard/lib/last-dashboard-refresh';
import { api } from '@/lib/api-client';
import { SourceUnavailableError, throughBreaker, type BreakerSkipReason } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

/** Spec 1 section 8 "Breaker fallbacks" and section 4 "Dashboard load". */
export const dashboardUnavailableMessage = 'Dashboard temporarily unavailable';

/** The dashboard call's own timeout (spec 1 section 9). */
export const dashboardTimeoutMs = 10_000;

/** A server answer with success false. */
type DashboardUnavailable = { success: false; message?: string };

/** A dashboard answer with success false, turned into the error state. */
export class DashboardUnavailableError extends Error {
  override name = 'DashboardUnavailableError';

  constructor(
    message: string,
    /** Why the breaker answered instead of the server, when it did. */
    readonly reason?: BreakerSkipReason,
    /** When the breaker lets a call through again. */
    readonly retryAfter?: Date,
  ) {
    super(message);
  }
}

/**
 * GET /api/clients/dashboard through the dashboard breaker, with a 10 s timeout. A call the
 * breaker throttles (sooner than its minimum interval) waits for the interval instead of failing,
 * so the last live event before a burst ends is never lost. An open breaker, or an answer with
 * success false, throws DashboardUnavailableError.
 */
export async function getDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  let result: DashboardResponse | DashboardUnavailable;
  try {
    result = await throughBreaker(
      'dashboard',
      // The query's own signal is not passed on: a refetch cancelling this one must not count
      // as a failure of the source against the breaker.
      (breakerSignal) =>
        api.get<DashboardResponse | DashboardUnavailable>('/api/clients/dashboard', {
          signal: breakerSignal,
          timeoutMs: dashboardTimeoutMs,
        }),
      { unavailableMessage: dashboardUnavailableMessage, signal },
    );
  } catch (error) {
    if (!(error instanceof SourceUnavailableError)) throw error;
    throw new DashboardUnavailableError(error.message, error.reason, error.retryAfter);
  }
  if (!result.success) {
    throw new DashboardUnavailableError(result.message || dashboardUnavailableMessage);
  }
  return result;
}

/** Query options of the dashboard data; live events patch and invalidate the same key. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard.data(),
    queryFn: async ({ signal }) => {
      const dashboard = await getDashboard(signal);
      storeLastDashboardRefresh();
      return dashboard;
    },
    // The breaker is the retry policy here: the error card offers Try Again.
    retry: false,
  });
}

/** The dashboard data with its loading, refreshing and error states. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
