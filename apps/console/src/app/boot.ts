import type { QueryClient } from '@tanstack/react-query';
import { setupCheckQueryOptions } from '@/app/setup/setup-gate';
import { sessionStore } from '@/lib/session-storage';
import { validateSession } from '@/lib/session-validation';

/**
 * Starts the first screen's calls together, before React renders: the setup check, the session
 * check and, for a signed-in visitor opening the dashboard, its data and code. The gates and the
 * page then find them cached or in flight, instead of asking one after another.
 */
export function startBootRequests(queryClient: QueryClient, path: string): void {
  void queryClient.prefetchQuery(setupCheckQueryOptions);
  if (!sessionStore.getToken()) return;
  void validateSession();
  // Every protected screen sits in the signed-in shell: its code loads beside the session check.
  void import('@/app/layout/app-layout');
  if (path === '/') {
    // Its query (with the dashboard's breaker) loads here rather than with the entry, which the
    // sign-in page loads too: a small chunk fetched before the call, beside the page's own.
    void import('@/features/dashboard/api/get-dashboard').then(({ dashboardQueryOptions }) =>
      queryClient.prefetchQuery(dashboardQueryOptions()),
    );
    void import('@/features/dashboard/components/dashboard-page');
  }
}
