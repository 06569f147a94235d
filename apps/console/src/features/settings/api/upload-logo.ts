import {
  commonMessages,
  logoMaxBytes,
  settingsMessages,
  type CompanyLogo,
  type CompanySettingsWithLogo,
  type LogoResponse,
} from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { ApiError, apiBase, toApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';

/** The spec's logo check (section 5), run before uploading: the message, or null when fine. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return settingsMessages.logoType;
  if (file.size >= logoMaxBytes) return settingsMessages.logoSize;
  return null;
}

export type UploadLogoVariables = { file: File; onProgress: (percent: number) => void };

/**
 * POST /api/settings/logo (multipart field `logo`). XMLHttpRequest rather than fetch, because only
 * it reports upload progress.
 */
export function uploadLogo({ file, onProgress }: UploadLogoVariables): Promise<CompanyLogo | null> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase}/api/settings/logo`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', commonMessages.network));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as LogoResponse).logo);
        } catch {
          reject(new ApiError(request.status, 'INVALID_RESPONSE', commonMessages.serverError));
        }
        return;
      }
      const response = new Response(request.responseText, { status: request.status });
      void toApiError(response).then(reject);
    };
    const form = new FormData();
    form.append('logo', file);
    request.send(form);
  });
}

/** Uploads a logo and puts it in the cached settings. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (logo) =>
      queryClient.setQueryData<CompanySettingsWithLogo>(queryKeys.settings, (settings) =>
        settings ? { ...settings, logo } : settings,
      ),
  });
}
