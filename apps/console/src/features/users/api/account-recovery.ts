import type { MessageResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AccountRecoveryAction = 'password-reset' | 'reset-2fa';

/** POST /api/users/{id}/password-reset or /reset-2fa (superadmin); refreshes the user list. */
export function useAccountRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: AccountRecoveryAction }) =>
      api.post<MessageResponse>(`/api/users/${encodeURIComponent(userId)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
