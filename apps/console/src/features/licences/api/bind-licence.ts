import type { BindLicenceBody, LicenceResponse } from '@patrol/contracts';
import { useLicenceMutation } from '@/features/licences/api/use-licence-mutation';
import { api } from '@/lib/api-client';

/** POST /api/licences/bind, with companyId 'system' unless named (spec 1 section 6). */
export function bindLicence(body: Omit<BindLicenceBody, 'companyId'> & { companyId?: string }) {
  return api.post<LicenceResponse>('/api/licences/bind', { companyId: 'system', ...body });
}

/** Binds a licence to a device. */
export const useBindLicence = () => useLicenceMutation(bindLicence);
