import type { OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';
import { rememberOwnChange } from '@/features/ota/api/own-changes';

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
    mutationFn: activateVersion,
    onSuccess: (response) => {
      rememberOwnChange('version_activated', response.version.version);
      return queryClient.invalidateQueries({ queryKey: queryKeys.ota.all });
    },
  });
}
