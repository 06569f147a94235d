import type { LicenceResponse } from '@patrol/contracts';
import { useLicenceMutation } from '@/features/licences/api/use-licence-mutation';
import { api } from '@/lib/api-client';

/** POST /api/licences/unbind. */
export function unbindLicence(licenceKey: string) {
  return api.post<LicenceResponse>('/api/licences/unbind', { licenceKey, companyId: 'system' });
}

/** Releases a licence from its device. */
export const useUnbindLicence = () => useLicenceMutation(unbindLicence);
