import { sessionCacheKeys } from '@/lib/session-storage';

/** When the dashboard last loaded successfully (epoch ms), 0 if never. */
export function readLastDashboardRefresh(): number {
  const stored = Number(localStorage.getItem(sessionCacheKeys.lastDashboardRefresh));
  return Number.isFinite(stored) && stored > 0 ? stored : 0;
}

/** Records a successful load as last_dashboard_refresh (spec 1 section 3). */
export function storeLastDashboardRefresh(at: number = Date.now()): void {
  localStorage.setItem(sessionCacheKeys.lastDashboardRefresh, String(at));
}
