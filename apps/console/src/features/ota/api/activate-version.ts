import type { OtaVersion, OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';
import { forgetOwnChange, rememberOwnChange } from '@/features/ota/api/own-changes';

/** PATCH /api/ota/versions/{id}/activate: the release becomes the current one. */
export function activateVersion(id: string): Promise<OtaVersionResponse> {
  return otaCall(() =>
    api.patch<OtaVersionResponse>(
      `/api/ota/versions/${encodeURIComponent(id)}/activate`,
      undefined,
      {
        timeoutMs: otaRequestTimeoutMs,
      },
    ),
  );
}

/** Activates a release and reloads the OTA screen. */
export function useActivateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: Pick<OtaVersion, 'id' | 'version'>) => activateVersion(version.id),
    onMutate: (version) => rememberOwnChange('version_activated', version.version),
    onError: (_error, version) => forgetOwnChange('version_activated', version.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}
