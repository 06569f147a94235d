import type { Client, Pagination } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type LicenceListParams } from '@/lib/query-keys';

/** GET /api/licences answer: a page of clients (company-name order), each with all its licences. */
export type ListLicencesResponse = { success: true; clients: Client[]; pagination: Pagination };

/** GET /api/licences. */
export function getLicences(
  params: LicenceListParams,
  signal?: AbortSignal,
): Promise<ListLicencesResponse> {
  return api.get<ListLicencesResponse>('/api/licences', {
    signal,
    query: { page: params.page, search: params.search || undefined },
  });
}

/** Query options for one page of the licences screen. */
export function licencesQueryOptions(params: LicenceListParams) {
  return queryOptions({
    queryKey: queryKeys.licences.list(params),
    queryFn: ({ signal }) => getLicences(params, signal),
  });
}

/** One page of clients with their licences; the previous page stays while the next loads. */
export function useLicences(params: LicenceListParams) {
  return useQuery({ ...licencesQueryOptions(params), placeholderData: keepPreviousData });
}
