import type { SetPasswordBody } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/set-password: the reset link's token and the new password. */
export function setPassword(body: SetPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/set-password', body, { skipAuthRefresh: true });
}

/** Mutation that sets a new password from a reset link. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
