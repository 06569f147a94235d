import {
  logoMaxBytes,
  settingsMessages,
  type CompanyLogo,
  type CompanySettingsWithLogo,
  type LogoResponse,
} from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';

/** The spec's logo check (section 5), run before uploading: the message, or null when fine. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return settingsMessages.logoType;
  if (file.size >= logoMaxBytes) return settingsMessages.logoSize;
  return null;
}

export type UploadLogoVariables = { file: File; onProgress: (percent: number) => void };

/** POST /api/settings/logo (multipart field `logo`), reporting upload progress. */
export async function uploadLogo({
  file,
  onProgress,
}: UploadLogoVariables): Promise<CompanyLogo | null> {
  const form = new FormData();
  form.append('logo', file);
  const response = await uploadWithProgress<LogoResponse>('/api/settings/logo', {
    form,
    onProgress,
  });
  return response.logo;
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
