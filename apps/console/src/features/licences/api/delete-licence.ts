import type { MessageResponse } from '@patrol/contracts';
import { useLicenceMutation } from '@/features/licences/api/use-licence-mutation';
import { api } from '@/lib/api-client';

/** DELETE /api/licences/{key}: a bound licence is deactivated at once. */
export function deleteLicence(licenceKey: string) {
  return api.delete<MessageResponse>(`/api/licences/${encodeURIComponent(licenceKey)}`);
}

/** Deletes a licence. */
export const useDeleteLicence = () => useLicenceMutation(deleteLicence);
