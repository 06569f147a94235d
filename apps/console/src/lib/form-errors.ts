import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's per-field messages (the error envelope's `errors`) under the form's fields,
 * as the contract's own validation would. Answers whether `error` was an ApiError, so a caller can
 * fall back to its own message for anything else.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields?: readonly Path<Values>[],
): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (message && (!fields || fields.includes(field as Path<Values>))) {
      setError(field as Path<Values>, { message });
    }
  }
  return true;
}
