import { ApiError } from '@/lib/api-client';
import { DashboardUnavailableError } from '@/features/dashboard/api/get-dashboard';

/** What the error card and dialog show about a failed dashboard load. */
export type DashboardErrorDetails = {
  message: string;
  /** HTTP status; 0 when no answer arrived, undefined when no call was made. */
  status?: number;
  /** When the dashboard breaker lets a call through again. */
  retryAfter?: Date;
};

/** Reads message, status and retry time from whatever the dashboard query threw. */
export function describeDashboardError(error: unknown): DashboardErrorDetails {
  if (error instanceof ApiError) return { message: error.message, status: error.status };
  if (error instanceof DashboardUnavailableError) {
    return { message: error.message, retryAfter: error.retryAfter };
  }
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: 'Dashboard temporarily unavailable' };
}
