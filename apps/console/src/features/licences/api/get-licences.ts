import type { ListLicenceGroupsResponse } from '@patrol/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type LicenceListParams } from '@/lib/query-keys';

/** GET /api/licences. */
export function getLicences(
  params: LicenceListParams,
  signal?: AbortSignal,
): Promise<ListLicenceGroupsResponse> {
  return api.get<ListLicenceGroupsResponse>('/api/licences', {
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

/** One page of client cards; the previous page stays while the next loads. */
export function useLicences(params: LicenceListParams) {
  return useQuery({ ...licencesQueryOptions(params), placeholderData: keepPreviousData });
}
