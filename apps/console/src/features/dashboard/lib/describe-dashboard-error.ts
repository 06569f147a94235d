import type { ServiceErrorDetails } from '@/components/service-error-dialog';
import { ApiError } from '@/lib/api-client';
import { DashboardUnavailableError } from '@/features/dashboard/api/get-dashboard';

/** What the error card and dialog show about a failed dashboard load. */
export type DashboardErrorDetails = ServiceErrorDetails;

/** Reads message, status and retry time from whatever the dashboard query threw. */
export function describeDashboardError(error: unknown): DashboardErrorDetails {
  if (error instanceof ApiError) return { message: error.message, status: error.status };
  if (error instanceof DashboardUnavailableError) {
    return { message: error.message, retryAfter: error.retryAfter };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: 'Dashboard temporarily unavailable' };
}
