import type { ExtendLicenceBody, LicenceResponse } from '@patrol/contracts';
import { useLicenceMutation } from '@/features/licences/api/use-licence-mutation';
import { api } from '@/lib/api-client';

type ExtendLicenceInput = { licenceKey: string; body: ExtendLicenceBody };

/** POST /api/licences/{key}/extend: new expiry = later of expiry and now, plus the days. */
export function extendLicence({ licenceKey, body }: ExtendLicenceInput) {
  return api.post<LicenceResponse>(`/api/licences/${encodeURIComponent(licenceKey)}/extend`, body);
}

/** Extends a licence. */
export const useExtendLicence = () => useLicenceMutation(extendLicence);
