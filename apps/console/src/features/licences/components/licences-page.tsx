import { canPerform } from '@patrol/domain';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
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
import { useLicenceListParams } from '@/features/licences/lib/licence-list-params';
import { useExpandedClients } from '@/features/licences/lib/use-expanded-clients';
import { useAuth } from '@/lib/auth';
import { listState } from '@/lib/list-state';
import { useNow } from '@/lib/use-now';
import { matchCount } from '@/lib/match-count';

/** Licences page banners last 5 s (spec 1 section 9). */
const bannerMs = 5_000;

/** Licence Management (/licences, spec 1 section 2.10). */
export function LicencesPage() {
  const { user } = useAuth();
  const { params, searchText, setSearchText, goToPage } = useLicenceListParams();
  const licencesQuery = useLicences(params);
  const banner = useTimedBanner(bannerMs);
  const now = useNow();
  const [addFor, setAddFor] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenLicenceDialog>(null);

  const data = licencesQuery.data;
  const clients = data?.clients ?? [];
  const { isExpanded, toggle } = useExpandedClients(clients);
  const list = listState(licencesQuery, (page) => page.clients.length === 0);

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
              {matchCount(data.pagination)}{' '}
              {data.pagination.totalCount === 1 && !data.pagination.totalCountCapped
                ? 'client'
                : 'clients'}
            </p>
          )}
        </div>
        {list.status === 'failed' ? (
          <LicencesLoadFailed
            error={licencesQuery.error}
            onRetry={() => void licencesQuery.refetch()}
          />
        ) : list.status === 'loading' ? (
          <LicencesSkeleton />
        ) : list.status === 'empty' ? (
          <NoClients searching={params.search !== ''} />
        ) : (
          list.data.clients.map((client) => (
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
            onPageChange={goToPage}
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
