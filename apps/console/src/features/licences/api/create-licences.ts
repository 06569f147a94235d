import type { CreateLicencesBody, CreateLicencesResponse } from '@patrol/contracts';
import { useLicenceMutation } from '@/features/licences/api/use-licence-mutation';
import { api } from '@/lib/api-client';

type CreateLicencesInput = { companyId: string; body: CreateLicencesBody };

/** POST /api/clients/{companyId}/licences: 1 to 100 new keys. */
export function createLicences({ companyId, body }: CreateLicencesInput) {
  return api.post<CreateLicencesResponse>(
    `/api/clients/${encodeURIComponent(companyId)}/licences`,
    body,
  );
}

/** Issues keys, then reloads the licence and client lists. */
export const useCreateLicences = () => useLicenceMutation(createLicences);
