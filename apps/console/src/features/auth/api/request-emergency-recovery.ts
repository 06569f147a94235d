import type {
  EmergencyRecoveryRequestBody,
  EmergencyRecoveryRequestResponse,
} from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/emergency-recovery-request: mails a token (returned too outside production). */
export function requestEmergencyRecovery(
  body: EmergencyRecoveryRequestBody,
): Promise<EmergencyRecoveryRequestResponse> {
  return api.post<EmergencyRecoveryRequestResponse>('/api/auth/emergency-recovery-request', body, {
    skipAuthRefresh: true,
  });
}

/** Mutation for the emergency recovery request step. */
export function useRequestEmergencyRecovery() {
  return useMutation({ mutationFn: requestEmergencyRecovery });
}
