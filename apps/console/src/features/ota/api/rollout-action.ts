import type { OtaVersionResponse, RolloutActionBody } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';

type RolloutActionInput = { id: string; body: RolloutActionBody };

/** POST /api/ota/versions/{id}/rollout-action: hold, release, advance, halt or resume. */
export function rolloutAction({ id, body }: RolloutActionInput): Promise<OtaVersionResponse> {
  return otaCall(() =>
    api.post<OtaVersionResponse>(
      `/api/ota/versions/${encodeURIComponent(id)}/rollout-action`,
      body,
      { timeoutMs: otaRequestTimeoutMs },
    ),
  );
}

/** Moves a release on its rollout ladder and reloads the version list. */
export function useRolloutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rolloutAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.versions() }),
  });
}
