import type { OtaHealthResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';
import {
  hasOtaAuthError,
  otaBreakerName,
  otaCall,
  otaRequestTimeoutMs,
  OtaRequestError,
} from '@/features/ota/api/ota-request';

/** Health is retried twice, 2 s apart (spec 2 section 7). */
export const healthRetry = { retries: 2, retryDelayMs: 2_000 } as const;

/** Polling of spec 2 sections 4 and 9: the first check 1 s after opening, then 30 / 20 / 10 s. */
export const healthPolling = {
  initialDelayMs: 1_000,
  firstRetryMs: 5_000,
  normalMs: 30_000,
  warningMs: 20_000,
  errorMs: 10_000,
} as const;

/** The health answer with what the console measured: the round trip and when it came. */
export type OtaHealth = OtaHealthResponse & { apiLatencyMs: number };

/** GET /api/ota/diagnostic/health, timed. */
export async function getOtaHealth(): Promise<OtaHealth> {
  return otaCall(async () => {
    const started = performance.now();
    const health = await api.get<OtaHealthResponse>('/api/ota/diagnostic/health', {
      timeoutMs: otaRequestTimeoutMs,
    });
    return { ...health, apiLatencyMs: Math.round(performance.now() - started) };
  }, healthRetry);
}

/** How long until the next health check: 10 s on error or an open breaker, 20 s on warning. */
export function healthPollIntervalMs(
  status: OtaHealthResponse['status'] | undefined,
  failing: boolean,
): number {
  if (failing || status === 'error') return healthPolling.errorMs;
  if (status === 'warning') return healthPolling.warningMs;
  return healthPolling.normalMs;
}

type HealthPollingOptions = {
  /** A manual refresh is running: no periodic check meanwhile. */
  paused: boolean;
  /** The auth-error state: periodic checks stop. */
  authError: boolean;
};

/**
 * The OTA health, first checked 1 s after the screen opens, then polled: every 30 s, 20 s on
 * warning, 10 s on error or while the breaker is open. A failed first check is tried again after
 * 5 s. Polling stops in the auth-error state and pauses during a manual refresh.
 */
export function useOtaHealth({ paused, authError }: HealthPollingOptions) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), healthPolling.initialDelayMs);
    return () => clearTimeout(timer);
  }, []);

  return useQuery({
    queryKey: queryKeys.ota.health(),
    queryFn: getOtaHealth,
    enabled: started,
    retry: false,
    refetchInterval: (query) => {
      if (paused || authError || hasOtaAuthError()) return false;
      const { data, error, errorUpdateCount } = query.state;
      const refused = error instanceof OtaRequestError && error.isAuthOrCircuit;
      if (error && !data && errorUpdateCount === 1 && !refused) return healthPolling.firstRetryMs;
      const breakerOpen = breakers.get(otaBreakerName).getState() === 'OPEN';
      return healthPollIntervalMs(data?.status, Boolean(error) || breakerOpen);
    },
  });
}
