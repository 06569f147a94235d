import { ApiError } from '@/lib/api-client';

/** The licence actions of the licences screen. */
export type LicenceAction = 'bound' | 'unbound' | 'deleted' | 'extended';

const actionFailures: Record<LicenceAction, string> = {
  bound: 'Failed to bind licence',
  unbound: 'Failed to unbind licence',
  deleted: 'Failed to delete licence',
  extended: 'Failed to extend licence',
};

function hasServerMessage(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status > 0 && error.message !== '';
}

/** Success of bind, unbind, delete or extend: the server message or the spec's default. */
export function licenceActionSuccess(action: LicenceAction, serverMessage?: string): string {
  return serverMessage || `Licence ${action} successfully!`;
}

/** Failure of bind, unbind, delete or extend (spec 1 section 8 "Licences"). */
export function licenceActionFailure(action: LicenceAction, error: unknown): string {
  return hasServerMessage(error) ? error.message : actionFailures[action];
}

/** Failure of Add Licences: fixed texts for 401, 403 and 404, else the server message. */
export function addLicencesFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Authentication failed. Please log in again.';
    if (error.status === 403) return 'You do not have permission to perform this action.';
    if (error.status === 404) return 'Client not found. Please refresh and try again.';
  }
  return hasServerMessage(error) ? error.message : 'Failed to add licences';
}

/** Failure to load the licences list. */
export function licencesLoadFailure(error: unknown): string {
  return hasServerMessage(error) ? error.message : 'Failed to fetch clients';
}
