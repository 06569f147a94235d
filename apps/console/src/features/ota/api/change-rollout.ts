import type { OtaRolloutBody, OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';

/** The steps the console offers for a staged rollout, in percent of devices. */
export const rolloutSteps = [1, 5, 10, 25, 50, 100] as const;

type ChangeRolloutInput = { id: string; body: OtaRolloutBody };

/** PATCH /api/ota/versions/{id}/rollout: widen or narrow the rollout, pause or resume it. */
export function changeRollout({ id, body }: ChangeRolloutInput): Promise<OtaVersionResponse> {
  return otaCall(() =>
    api.patch<OtaVersionResponse>(`/api/ota/versions/${encodeURIComponent(id)}/rollout`, body, {
      timeoutMs: otaRequestTimeoutMs,
    }),
  );
}

/** Changes a release's rollout and reloads the version list. */
export function useChangeRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRollout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.versions() }),
  });
}
