import type { CompletePasswordChangeBody, CompletePasswordChangeResponse } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toOutcome, type LoginOutcome } from '@/features/auth/api/login';

/**
 * POST /api/auth/complete-password-change: replaces a temporary password during sign-in; answers
 * the next step (the two-factor code or its setup).
 */
export async function completePasswordChange(
  body: CompletePasswordChangeBody,
): Promise<LoginOutcome> {
  const answer = await api.post<CompletePasswordChangeResponse>(
    '/api/auth/complete-password-change',
    body,
    { skipAuthRefresh: true },
  );
  return toOutcome(answer);
}

/** Mutation for the new-password step of sign-in. */
export function useCompletePasswordChange() {
  return useMutation({ mutationFn: completePasswordChange });
}
