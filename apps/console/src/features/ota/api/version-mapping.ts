import {
  crashMappingMessages,
  mappingMaxBytes,
  type CrashMappingResponse,
  type MessageResponse,
  type OtaVersion,
} from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';
import { apkUploadTimeoutMs } from '@/features/ota/api/upload-apk';

const mappingPath = (versionId: string) =>
  `/api/ota/versions/${encodeURIComponent(versionId)}/mapping`;

/** The mapping file check the server makes too: present and under 200 MB. */
export function mappingFileProblem(file: File | null | undefined): string | null {
  if (!file) return crashMappingMessages.fileRequired;
  return file.size > mappingMaxBytes ? crashMappingMessages.tooLarge : null;
}

export type UploadMappingVariables = {
  versionId: string;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

/** POST /api/ota/versions/{id}/mapping (multipart: mapping), with upload progress. */
export function uploadMapping({
  versionId,
  file,
  onProgress,
  signal,
}: UploadMappingVariables): Promise<CrashMappingResponse> {
  const form = new FormData();
  form.append('mapping', file);
  return uploadWithProgress<CrashMappingResponse>(mappingPath(versionId), {
    form,
    onProgress,
    timeoutMs: apkUploadTimeoutMs,
    signal,
  });
}

/** Uploads a release's R8/ProGuard mapping and reloads the OTA screen. */
export function useUploadMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}

/** DELETE /api/ota/versions/{id}/mapping. */
export function useDeleteMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: Pick<OtaVersion, 'id'>) =>
      otaCall(() =>
        api.delete<MessageResponse>(mappingPath(version.id), { timeoutMs: otaRequestTimeoutMs }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}

/** GET /api/ota/versions/{id}/mapping, saved as mapping-{version}.txt. */
export function downloadMapping(version: Pick<OtaVersion, 'id' | 'version'>): Promise<void> {
  return downloadFile(
    () => api.get<Blob>(mappingPath(version.id), { responseType: 'blob' }),
    `mapping-${version.version}.txt`,
  );
}
