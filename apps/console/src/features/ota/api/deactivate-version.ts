import type { OtaVersion, OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { breakers } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';
import { otaBreakerName, otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';
import { forgetOwnChange, rememberOwnChange } from '@/features/ota/api/own-changes';

/** PATCH /api/ota/versions/{id}/deactivate: devices are no longer offered the release. */
export function deactivateVersion(id: string): Promise<OtaVersionResponse> {
  return otaCall(() =>
    api.patch<OtaVersionResponse>(
      `/api/ota/versions/${encodeURIComponent(id)}/deactivate`,
      undefined,
      { timeoutMs: otaRequestTimeoutMs },
    ),
  );
}

/** Deactivates a release; a successful deactivation also resets the OTA breaker (spec 2 section 4). */
export function useDeactivateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: Pick<OtaVersion, 'id' | 'version'>) => deactivateVersion(version.id),
    onMutate: (version) => rememberOwnChange('version_deactivated', version.version),
    onError: (_error, version) => forgetOwnChange('version_deactivated', version.version),
    onSuccess: () => {
      breakers.get(otaBreakerName).reset();
      return queryClient.invalidateQueries({ queryKey: queryKeys.ota.all });
    },
  });
}
