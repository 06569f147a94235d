import type { OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';
import { assertOtaCallAllowed, noteOtaOutcome } from '@/features/ota/api/ota-request';
import { apkUploadTimeoutMs } from '@/features/ota/api/upload-apk';

export type RollForwardVariables = {
  id: string;
  file: File;
  onProgress: (percent: number) => void;
};

/**
 * POST /api/ota/versions/{id}/roll-forward (multipart: apk): the previous good build, rebuilt with
 * a higher version code, replaces the halted release in one action.
 */
export async function rollForward({
  id,
  file,
  onProgress,
}: RollForwardVariables): Promise<OtaVersionResponse> {
  assertOtaCallAllowed();
  const form = new FormData();
  form.append('apk', file);
  try {
    const response = await uploadWithProgress<OtaVersionResponse>(
      `/api/ota/versions/${encodeURIComponent(id)}/roll-forward`,
      { form, onProgress, timeoutMs: apkUploadTimeoutMs },
    );
    noteOtaOutcome(null);
    return response;
  } catch (error) {
    noteOtaOutcome(error);
    throw error;
  }
}

/** Rolls forward and reloads the version list. */
export function useRollForward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollForward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}
