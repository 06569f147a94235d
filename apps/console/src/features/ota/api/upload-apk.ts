import type { OtaVersionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';
import {
  assertOtaCallAllowed,
  noteOtaOutcome,
  OtaRequestError,
} from '@/features/ota/api/ota-request';
import { forgetOwnChange, rememberOwnChange } from '@/features/ota/api/own-changes';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

/** Upload timeout (spec 2 section 9): 5 minutes. */
export const apkUploadTimeoutMs = 300_000;

export type UploadApkVariables = {
  file: File;
  version: string;
  releaseNotes: string;
  rolloutPercent: number;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/ota/upload (multipart: version, releaseNotes, channel, rolloutPercent, then apk),
 * with upload progress and a 5-minute timeout. Refused at once during the auth-error throttle or
 * while the OTA breaker is open; not run inside the breaker, whose call limit is far shorter.
 */
export async function uploadApk({
  file,
  version,
  releaseNotes,
  rolloutPercent,
  onProgress,
  signal,
}: UploadApkVariables): Promise<OtaVersionResponse> {
  assertOtaCallAllowed();
  const form = new FormData();
  form.append('version', version);
  form.append('releaseNotes', releaseNotes);
  // Uploads always go to the stable channel (spec 2 section 5).
  form.append('channel', 'stable');
  form.append('rolloutPercent', String(rolloutPercent));
  form.append('apk', file);
  try {
    const response = await uploadWithProgress<OtaVersionResponse>('/api/ota/upload', {
      form,
      onProgress,
      timeoutMs: apkUploadTimeoutMs,
      signal,
    });
    noteOtaOutcome(null);
    return response;
  } catch (error) {
    noteOtaOutcome(error);
    throw error;
  }
}

/** The toast of a failed upload (spec 2 section 8): a title and what to do. */
export function uploadFailureToast(error: unknown): { title: string; description: string } {
  const { upload } = otaScreenMessages;
  if (error instanceof OtaRequestError) {
    return { title: upload.failed.title, description: error.message };
  }
  if (error instanceof ApiError) {
    if (error.code === 'TIMEOUT') return upload.timeout;
    if (error.status === 0) return upload.network;
    if (error.status === 413) return upload.tooLarge;
    if (error.status === 401) return upload.unauthorized;
    if (error.status === 429) {
      return { title: upload.failed.title, description: otaScreenMessages.rateLimited };
    }
    // The server's own reason: not an APK, wrong version, version code not above the latest...
    if (error.status >= 400 && error.status < 500 && error.message) {
      return { title: upload.failed.title, description: error.message };
    }
  }
  return upload.failed;
}

/** Uploads an APK and reloads the OTA screen. */
export function useUploadApk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadApk,
    // The server refuses a version name other than the APK's, so the event names this one.
    onMutate: (variables) =>
      rememberOwnChange('version_uploaded', variables.version, apkUploadTimeoutMs + 10_000),
    onError: (_error, variables) => forgetOwnChange('version_uploaded', variables.version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.ota.all }),
  });
}
