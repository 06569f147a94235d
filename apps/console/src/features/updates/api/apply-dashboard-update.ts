import type { DashboardApplyBody, DashboardApplyResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';

/** POST /api/ota/dashboard/apply: the server confirms the downloaded build is the one it serves. */
export function applyDashboardUpdate(body: DashboardApplyBody): Promise<DashboardApplyResponse> {
  return api.post<DashboardApplyResponse>('/api/ota/dashboard/apply', body);
}
