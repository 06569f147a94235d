import { canPerform } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Banner, useTimedBanner } from '@/components/banner';
import { PageHeader } from '@/components/layout/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { useLicences } from '@/features/licences/api/get-licences';
import { ClientLicencesCard } from '@/features/licences/components/client-licences-card';
import { RealtimeIndicator } from '@/features/licences/components/realtime-indicator';
import {
  LicenceDialogs,
  type OpenLicenceDialog,
} from '@/features/licences/components/licence-dialogs';
import {
  LicencesLoadFailed,
  LicencesSkeleton,
  NoClients,
} from '@/features/licences/components/licences-list-states';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/use-now';
import { useSearchBox } from '@/lib/use-search-box';

/** Licences page banners last 5 s (spec 1 section 9). */
const bannerMs = 5_000;

function readPage(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Licence Management (/licences, spec 1 section 2.10). */
export function LicencesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useAuth();
  const params = {
    page: readPage(searchParams.get('page')),
    search: searchParams.get('search') ?? '',
  };
  const [searchText, setSearchText] = useSearchBox(params.search, (search) =>
    setSearchParams(search ? { search } : {}, { replace: true }),
  );
  const licencesQuery = useLicences(params);
  const banner = useTimedBanner(bannerMs);
  const now = useNow();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [addFor, setAddFor] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenLicenceDialog>(null);

  const data = licencesQuery.data;
  const clients = data?.clients ?? [];
  // A search that narrows to one client opens it: that is what the user was looking for.
  const onlyClient = clients.length === 1 ? clients[0]?.id : undefined;
  const isExpanded = (id: string) => expanded.has(id) || id === onlyClient;
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (isExpanded(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Licence Management"
        subtitle="Software licences and device bindings"
        actions={
          <>
            <RealtimeIndicator />
            {canPerform(user, 'addLicences') && (
              <Button onClick={() => setAddFor('')}>
                <PlusIcon aria-hidden="true" />
                Add Licences
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <Banner message={banner.message} onDismiss={banner.clear} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            label="Search clients"
            placeholder="Search clients..."
            value={searchText}
            onChange={setSearchText}
            className="sm:w-80"
          />
          {data && (
            <p className="text-sm text-muted-foreground tabular-nums">
              {data.pagination.totalCount} {data.pagination.totalCount === 1 ? 'client' : 'clients'}
            </p>
          )}
        </div>
        {licencesQuery.isError ? (
          <LicencesLoadFailed
            error={licencesQuery.error}
            onRetry={() => void licencesQuery.refetch()}
          />
        ) : !data ? (
          <LicencesSkeleton />
        ) : clients.length === 0 ? (
          <NoClients searching={params.search !== ''} />
        ) : (
          clients.map((client) => (
            <ClientLicencesCard
              key={client.id}
              client={client}
              expanded={isExpanded(client.id)}
              onToggle={() => toggle(client.id)}
              now={now}
              onAddLicences={setAddFor}
              onLicenceAction={(kind, licence) => setDialog({ kind, licence })}
            />
          ))
        )}
        {data && (
          <Pagination
            label="Client pages"
            currentPage={data.pagination.currentPage}
            totalPages={data.pagination.totalPages}
            onPageChange={(page) => {
              const next = new URLSearchParams(searchParams);
              next.set('page', String(page));
              setSearchParams(next);
            }}
          />
        )}
      </div>
      <LicenceDialogs
        addFor={addFor}
        onAddClosed={() => setAddFor(null)}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onResult={banner.show}
      />
    </>
  );
}
