import type {
  BackupCodesStatusResponse,
  ChangePasswordBody,
  MessageResponse,
  RegenerateBackupCodesResponse,
} from '@patrol/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/auth/change-password: every session ends, this one too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<MessageResponse>('/api/auth/change-password', body),
  });
}

/** GET /api/auth/backup-codes: how many are left. */
export function useBackupCodesStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.account.backupCodes(),
    queryFn: ({ signal }) =>
      api.get<BackupCodesStatusResponse>('/api/auth/backup-codes', { signal }),
    enabled,
  });
}

/** POST /api/auth/backup-codes: a fresh set, shown once. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post<RegenerateBackupCodesResponse>('/api/auth/backup-codes', { code }),
  });
}
