import type { ResetPasswordBody } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password: mails a reset link if the account exists (same answer either way). */
export function resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset-password', body, {
    skipAuthRefresh: true,
  });
}

/** Mutation that asks for a password reset mail. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
