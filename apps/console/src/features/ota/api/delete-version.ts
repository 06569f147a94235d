import type { MessageResponse, OtaVersion } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';
import { forgetOwnChange, rememberOwnChange } from '@/features/ota/api/own-changes';

/** DELETE /api/ota/versions/{id}: an inactive release and its file. */
export function deleteVersion(version: Pick<OtaVersion, 'id'>): Promise<MessageResponse> {
  return otaCall(() =>
    api.delete<MessageResponse>(`/api/ota/versions/${encodeURIComponent(version.id)}`, {
      timeoutMs: otaRequestTimeoutMs,
    }),
  );
}

/** Deletes a release and reloads the OTA screen. */
export function useDeleteVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: Pick<OtaVersion, 'id' | 'version'>) => deleteVersion(version),
    onMutate: (version) => rememberOwnChange('version_deleted', version.version),
    onError: (_error, version) => forgetOwnChange('version_deleted', version.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}
