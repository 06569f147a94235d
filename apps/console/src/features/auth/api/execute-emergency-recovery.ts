import type { EmergencyRecoveryExecuteBody } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/emergency-recovery-execute: new password, two-factor cleared. */
export function executeEmergencyRecovery(
  body: EmergencyRecoveryExecuteBody,
): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/emergency-recovery-execute', body, {
    skipAuthRefresh: true,
  });
}

/** Mutation for the emergency recovery execute step. */
export function useExecuteEmergencyRecovery() {
  return useMutation({ mutationFn: executeEmergencyRecovery });
}
