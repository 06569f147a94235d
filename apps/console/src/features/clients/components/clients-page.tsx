import { canPerform } from '@patrol/domain';
import { DownloadIcon, PlusIcon, RefreshCwIcon, UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { DeveloperTools } from '@/features/clients/components/developer-tools';
import { ServiceErrorDialog, type ServiceErrorDetails } from '@/components/service-error-dialog';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useExportClients } from '@/features/clients/api/export-clients';
import { clientDataUnavailableMessage, useClients } from '@/features/clients/api/get-clients';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { ClientStatusFilter } from '@/features/clients/components/client-status-filter';
import { ClientsTable } from '@/features/clients/components/clients-table';
import { useClientListParams } from '@/features/clients/lib/client-list-params';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const searchDebounceMs = 300;

const exportMessages = {
  empty: 'No clients to export',
  failed: 'Failed to export clients',
  done: 'Clients exported successfully',
};

function AddClientButton() {
  const { user } = useAuth();
  if (!canPerform(user, 'createClient')) return null;
  return (
    <Button asChild>
      <Link to="/clients/add">
        <PlusIcon aria-hidden="true" />
        Add Client
      </Link>
    </Button>
  );
}

function EmptyState({ onRefresh }: { onRefresh: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <UsersIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">No Clients Found</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        Add your first client company to start issuing licences.
      </p>
      <div className="flex gap-2">
        <AddClientButton />
        <Button variant="outline" onClick={onRefresh}>
          <RefreshCwIcon aria-hidden="true" />
          Refresh
        </Button>
      </div>
    </div>
  );
}

function UnavailableState({
  error,
  retrying,
  onRetry,
}: {
  error: ServiceErrorDetails;
  retrying: boolean;
  onRetry: () => void;
}) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <h2 className="text-lg font-semibold">{error.message}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        The client list could not be loaded. Try again in a moment.
      </p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Try Again
        </Button>
        <Button variant="ghost" onClick={() => setDetailsOpen(true)}>
          Details
        </Button>
      </div>
      <ServiceErrorDialog
        title="Client List Error"
        description="The client list could not be loaded."
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        error={error}
        retrying={retrying}
        onRetry={onRetry}
      />
    </div>
  );
}

function TableSkeleton() {
  return (
    <div className="space-y-3 p-4" aria-label="Loading clients">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** The client directory (/clients, spec 1 section 2.7). */
export function ClientsPage() {
  const { params, update } = useClientListParams();
  const [searchText, setSearchText] = useState(params.search);
  const clientsQuery = useClients(params);
  const exportClients = useExportClients();

  // Back/forward changes the URL under the box: show what the URL says.
  useEffect(() => setSearchText(params.search), [params.search]);

  useEffect(() => {
    if (searchText.trim() === params.search) return;
    const timer = setTimeout(
      () => update({ search: searchText.trim(), page: 1 }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
  }, [searchText, params.search, update]);

  const data = clientsQuery.data;
  const listed = data?.success ? data : undefined;
  const unavailableMessage = clientsQuery.isError
    ? clientsQuery.error instanceof ApiError && clientsQuery.error.status > 0
      ? clientsQuery.error.message
      : 'Failed to fetch clients'
    : data && !data.success
      ? data.message || clientDataUnavailableMessage
      : null;

  const startExport = () => {
    if (listed && listed.pagination.totalCount === 0) {
      toast.error(exportMessages.empty);
      return;
    }
    exportClients.mutate(
      { search: params.search, status: params.status },
      {
        onSuccess: () => toast.success(exportMessages.done),
        onError: () => toast.error(exportMessages.failed),
      },
    );
  };

  const refresh = () => void clientsQuery.refetch();
  // An empty directory invites a first client; an empty filtered page just says nothing matched.
  const directoryEmpty = listed?.summary.totalClients === 0;

  return (
    <>
      <PageHeader
        title="Client Management"
        subtitle="Manage your client companies and their licences"
        actions={
          <>
            {import.meta.env.DEV && (
              <DeveloperTools state={{ filters: params, summary: listed?.summary }} />
            )}
            <Button variant="outline" onClick={startExport} disabled={exportClients.isPending}>
              <DownloadIcon aria-hidden="true" />
              {exportClients.isPending ? 'Exporting...' : 'Export'}
            </Button>
            <AddClientButton />
          </>
        }
      />
      <div className="space-y-6">
        <ClientsSummaryCards summary={listed?.summary} />
        <Card className="gap-0 py-0">
          <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="font-semibold">Clients</h2>
              <p className="text-sm text-muted-foreground">
                {listed ? `${listed.pagination.totalCount} matching clients` : 'Loading clients'}
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
            {unavailableMessage ? (
              <UnavailableState
                error={{
                  message: unavailableMessage,
                  status:
                    clientsQuery.error instanceof ApiError ? clientsQuery.error.status : undefined,
                  retryAfter: data && !data.success ? new Date(data.retryAfter) : undefined,
                }}
                retrying={clientsQuery.isFetching}
                onRetry={refresh}
              />
            ) : !listed ? (
              <TableSkeleton />
            ) : directoryEmpty ? (
              <EmptyState onRefresh={refresh} />
            ) : (
              <ClientsTable
                clients={listed.clients}
                params={params}
                onSort={(field) =>
                  update({
                    sortBy: field,
                    sortOrder:
                      params.sortBy === field && params.sortOrder === 'asc' ? 'desc' : 'asc',
                    page: 1,
                  })
                }
              />
            )}
          </CardContent>
          {listed && listed.pagination.totalPages > 1 && (
            <div className="flex items-center justify-between gap-3 border-t p-3 text-sm text-muted-foreground">
              <span className="tabular-nums">
                Page {listed.pagination.currentPage} of {listed.pagination.totalPages}
              </span>
              <Pagination
                label="Clients pages"
                currentPage={listed.pagination.currentPage}
                totalPages={listed.pagination.totalPages}
                onPageChange={(page) => update({ page })}
              />
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
