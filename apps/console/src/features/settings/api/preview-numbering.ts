import type {
  CompanySettings,
  NumberingPreviewBody,
  NumberingPreviewResponse,
} from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/settings/numbering/preview: each kind's next number before and after a change. */
export async function previewNumbering(
  numberingSettings: CompanySettings['numberingSettings'],
): Promise<NumberingPreviewResponse['numbers']> {
  const body: NumberingPreviewBody = { numberingSettings };
  const response = await api.post<NumberingPreviewResponse>(
    '/api/settings/numbering/preview',
    body,
  );
  return response.numbers;
}

/** Asks the server what the next numbers would be (changes nothing, so nothing to invalidate). */
export function usePreviewNumbering() {
  return useMutation({ mutationFn: previewNumbering });
}
