import type { AuthSessionResponse, Setup2faBody } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/setup-2fa: the first authenticator code turns two-factor on and starts a session. */
export function setupTwoFactor(body: Setup2faBody): Promise<AuthSessionResponse> {
  return api.post<AuthSessionResponse>('/api/auth/setup-2fa', body, { skipAuthRefresh: true });
}

/** Mutation that completes a two-factor setup. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
