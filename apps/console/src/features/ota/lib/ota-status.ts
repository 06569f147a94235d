import type { BadgeVariant } from '@/components/ui/badge';
import { connectionState, type ConnectionState } from '@patrol/domain';
import type { OtaRequestError } from '@/features/ota/api/ota-request';

/** Badge colours of the connection states (STYLE.md: green fine, amber warning, red failing). */
export const connectionTones: Record<ConnectionState, BadgeVariant> = {
  operational: 'success',
  warning: 'warning',
  error: 'danger',
  unauthorized: 'warning',
  checking: 'secondary',
  rate_limited: 'warning',
  circuit_open: 'danger',
  unknown: 'inactive',
};

type ConnectionInputs = {
  authError: boolean;
  breakerOpen: boolean;
  /** The last health call's failure, if it failed. */
  error: OtaRequestError | null;
  /** No health answer yet and one is on its way (or about to be). */
  checking: boolean;
};

/**
 * The API Connection card's state: what stops the screen reaching the API comes first (auth
 * error, open breaker, rate limit, failure), then the health answer's own status.
 */
export function apiConnectionState(
  inputs: ConnectionInputs,
  reported: string | undefined,
): ConnectionState {
  if (inputs.authError || inputs.error?.kind === 'unauthorized') return 'unauthorized';
  if (inputs.breakerOpen || inputs.error?.kind === 'circuit_open') return 'circuit_open';
  if (inputs.error?.kind === 'rate_limited') return 'rate_limited';
  if (inputs.error) return 'error';
  if (reported === undefined) return inputs.checking ? 'checking' : 'unknown';
  return connectionState(reported);
}

/** A service behind the API (database, file system): its last reported state, if any. */
export function serviceState(
  inputs: ConnectionInputs,
  reported: string | undefined,
): ConnectionState {
  if (reported !== undefined) return connectionState(reported);
  if (inputs.authError || inputs.error?.kind === 'unauthorized') return 'unauthorized';
  return inputs.checking && !inputs.error ? 'checking' : 'unknown';
}
