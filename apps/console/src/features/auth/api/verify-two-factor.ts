import type { AuthSessionResponse, Verify2faBody } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-2fa: the temporary token and a 6-digit or backup code start a session. */
export function verifyTwoFactor(body: Verify2faBody): Promise<AuthSessionResponse> {
  return api.post<AuthSessionResponse>('/api/auth/verify-2fa', body, { skipAuthRefresh: true });
}

/** Mutation for the second sign-in step. */
export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
