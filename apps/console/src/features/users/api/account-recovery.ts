import type { MessageResponse, SetTemporaryPasswordBody } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AccountRecoveryAction = 'password-reset' | 'temporary-password' | 'reset-2fa';

type AccountRecoveryRequest =
  | { userId: string; action: 'password-reset' | 'reset-2fa' }
  | { userId: string; action: 'temporary-password'; body: SetTemporaryPasswordBody };

/**
 * POST /api/users/{id}/password-reset, /temporary-password (with the password) or /reset-2fa
 * (superadmin); refreshes the user list.
 */
export function useAccountRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AccountRecoveryRequest) =>
      api.post<MessageResponse>(
        `/api/users/${encodeURIComponent(request.userId)}/${request.action}`,
        'body' in request ? request.body : undefined,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
