import { ownValue } from './own-value';

/** The states a connection or service status is shown as (spec 2 section 4). */
export type ConnectionState =
  | 'operational'
  | 'warning'
  | 'error'
  | 'unauthorized'
  | 'checking'
  | 'rate_limited'
  | 'circuit_open'
  | 'unknown';

const stateByStatus: Record<string, ConnectionState> = {
  connected: 'operational',
  healthy: 'operational',
  accessible: 'operational',
  warning: 'warning',
  error: 'error',
  critical: 'error',
  failed: 'error',
  unauthorized: 'unauthorized',
  checking: 'checking',
  loading: 'checking',
  rate_limited: 'rate_limited',
  circuit_open: 'circuit_open',
};

export const connectionStateLabels: Record<ConnectionState, string> = {
  operational: 'Operational',
  warning: 'Warning',
  error: 'Error',
  unauthorized: 'Auth Required',
  checking: 'Checking...',
  rate_limited: 'Rate Limited',
  circuit_open: 'Circuit Open',
  unknown: 'Unknown',
};

/** The display state of a raw status string (case-insensitive); anything else is unknown. */
export function connectionState(status: string | null | undefined): ConnectionState {
  return ownValue(stateByStatus, (status ?? '').trim().toLowerCase()) ?? 'unknown';
}

/** The label shown for a raw status: Operational, Error, Auth Required, Checking..., Unknown... */
export function connectionStatusLabel(status: string | null | undefined): string {
  return connectionStateLabels[connectionState(status)];
}

export type NormalisedHealthStatus = 'connected' | 'warning' | 'error' | 'unknown';

/** Health responses: healthy/connected/accessible -> connected, warning, error/failed -> error. */
export function normaliseHealthStatus(status: string | null | undefined): NormalisedHealthStatus {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'healthy':
    case 'connected':
    case 'accessible':
      return 'connected';
    case 'warning':
      return 'warning';
    case 'error':
    case 'failed':
      return 'error';
    default:
      return 'unknown';
  }
}
