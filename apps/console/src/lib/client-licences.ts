import { pageSizes, type ListClientLicencesResponse } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type ClientLicenceListParams } from '@/lib/query-keys';

/**
 * GET /api/clients/{companyId}/licences: one page of a client's licences, newest first. Shared by
 * the licences page (each client card) and the client detail, which both list them.
 */
export function getClientLicences(
  companyId: string,
  params: ClientLicenceListParams,
  signal?: AbortSignal,
): Promise<ListClientLicencesResponse> {
  return api.get<ListClientLicencesResponse>(
    `/api/clients/${encodeURIComponent(companyId)}/licences`,
    { signal, query: { page: params.page, limit: pageSizes.licences, status: params.status } },
  );
}

/** Query options for one page of a client's licences. */
export function clientLicencesQueryOptions(companyId: string, params: ClientLicenceListParams) {
  return queryOptions({
    queryKey: queryKeys.licences.ofClient(companyId, params),
    queryFn: ({ signal }) => getClientLicences(companyId, params, signal),
  });
}

/** One page of a client's licences; the previous page stays on screen while the next loads. */
export function useClientLicences(
  companyId: string,
  params: ClientLicenceListParams,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    ...clientLicencesQueryOptions(companyId, params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
