import type { RegisterBody, SetupResponse } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The QR code, manual-entry key, backup codes and setup token of a two-factor setup. */
export type TwoFactorSetupData = Omit<SetupResponse, 'success'>;

/** POST /api/auth/register: creates the first administrator and starts its two-factor setup. */
export function register(body: RegisterBody): Promise<SetupResponse> {
  return api.post<SetupResponse>('/api/auth/register', body, { skipAuthRefresh: true });
}

/** Mutation for the first setup step. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
