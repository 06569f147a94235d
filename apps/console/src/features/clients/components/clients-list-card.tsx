import { CardPager } from '@/components/card-pager';
import { SearchInput } from '@/components/search-input';
import { Card, CardContent } from '@/components/ui/card';
import { clientDataUnavailableMessage, type useClients } from '@/features/clients/api/get-clients';
import {
  EmptyState,
  TableSkeleton,
  UnavailableState,
} from '@/features/clients/components/clients-list-states';
import { ClientStatusFilter } from '@/features/clients/components/client-status-filter';
import { ClientsTable } from '@/features/clients/components/clients-table';
import type { useClientListParams } from '@/features/clients/lib/client-list-params';
import { ApiError } from '@/lib/api-client';
import { listState } from '@/lib/list-state';
import { useSearchBox } from '@/lib/use-search-box';
import { matchCount } from '@/lib/match-count';

type ClientListParams = ReturnType<typeof useClientListParams>;

type ClientsListCardProps = {
  query: ReturnType<typeof useClients>;
  params: ClientListParams['params'];
  update: ClientListParams['update'];
};

/**
 * The directory's list: search and status filter, the table (or its loading, empty and
 * unavailable states) and the pages.
 */
export function ClientsListCard({ query: clientsQuery, params, update }: ClientsListCardProps) {
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    update({ search, page: 1 }),
  );
  const data = clientsQuery.data;
  const listed = data?.success ? data : undefined;
  const unavailableMessage = clientsQuery.isError
    ? clientsQuery.error instanceof ApiError && clientsQuery.error.status > 0
      ? clientsQuery.error.message
      : 'Failed to fetch clients'
    : data && !data.success
      ? data.message || clientDataUnavailableMessage
      : null;
  const refresh = () => void clientsQuery.refetch();
  // An empty directory invites a first client; an empty filtered page just says nothing matched.
  const list = listState(
    { isError: Boolean(unavailableMessage), data: listed },
    (page) => page.summary.totalClients === 0,
  );

  return (
    <Card className="gap-0 py-0">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold">Clients</h2>
          <p className="text-sm text-muted-foreground">
            {listed ? `${matchCount(listed.pagination)} matching clients` : 'Loading clients'}
          </p>
        </div>
        <div className="flex gap-2">
          <SearchInput
            label="Search clients"
            placeholder="Search..."
            value={searchText}
            onChange={setSearchText}
            className="sm:w-72"
          />
          <ClientStatusFilter
            status={params.status}
            onChange={(status) => update({ status, page: 1 })}
          />
        </div>
      </div>
      <CardContent className="px-0">
        {list.status === 'failed' ? (
          <UnavailableState
            error={{
              message: unavailableMessage!,
              status:
                clientsQuery.error instanceof ApiError ? clientsQuery.error.status : undefined,
              retryAfter: data && !data.success ? new Date(data.retryAfter) : undefined,
            }}
            retrying={clientsQuery.isFetching}
            onRetry={refresh}
          />
        ) : list.status === 'loading' ? (
          <TableSkeleton />
        ) : list.status === 'empty' ? (
          <EmptyState onRefresh={refresh} />
        ) : (
          <ClientsTable
            clients={list.data.clients}
            params={params}
            onSort={(field) =>
              update({
                sortBy: field,
                sortOrder: params.sortBy === field && params.sortOrder === 'asc' ? 'desc' : 'asc',
                page: 1,
              })
            }
          />
        )}
      </CardContent>
      <CardPager
        pagination={listed?.pagination}
        label="Clients pages"
        onPageChange={(page) => update({ page })}
      />
    </Card>
  );
}
