import type { Licence } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { KeyRoundIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Banner, useTimedBanner } from '@/components/banner';
import { PageHeader } from '@/components/layout/page-header';
import { Pagination } from '@/components/pagination';
import { SearchInput } from '@/components/search-input';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLicences } from '@/features/licences/api/get-licences';
import { useUnbindLicence } from '@/features/licences/api/unbind-licence';
import { AddLicencesDialog } from '@/features/licences/components/add-licences-dialog';
import { BindLicenceDialog } from '@/features/licences/components/bind-licence-dialog';
import { ClientLicencesCard } from '@/features/licences/components/client-licences-card';
import { DeleteLicenceDialog } from '@/features/licences/components/delete-licence-dialog';
import { ExtendLicenceDialog } from '@/features/licences/components/extend-licence-dialog';
import type { LicenceDialogKind } from '@/features/licences/components/licence-item';
import { RealtimeIndicator } from '@/features/licences/components/realtime-indicator';
import {
  licenceActionFailure,
  licenceActionSuccess,
  licencesLoadFailure,
} from '@/features/licences/lib/licence-messages';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/use-now';

/** Licences page banners last 5 s (spec 1 section 9). */
const bannerMs = 5_000;
const searchDebounceMs = 300;

type OpenDialog = { kind: LicenceDialogKind; licence: Licence } | null;

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
  const [searchText, setSearchText] = useState(params.search);
  const licencesQuery = useLicences(params);
  const banner = useTimedBanner(bannerMs);
  const now = useNow();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [addFor, setAddFor] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const unbindLicence = useUnbindLicence();

  useEffect(() => setSearchText(params.search), [params.search]);
  useEffect(() => {
    if (searchText.trim() === params.search) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams();
      if (searchText.trim()) next.set('search', searchText.trim());
      setSearchParams(next, { replace: true });
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [searchText, params.search, setSearchParams]);

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

  const dialogFor = (kind: LicenceDialogKind) => (dialog?.kind === kind ? dialog.licence : null);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const confirmUnbind = () => {
    const licence = dialogFor('unbind');
    if (!licence) return;
    unbindLicence.mutate(licence.key, {
      onSuccess: (response) => {
        banner.show('success', licenceActionSuccess('unbound', response.message));
        setDialog(null);
      },
      onError: (error) => banner.show('error', licenceActionFailure('unbound', error)),
    });
  };

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
          <Card>
            <CardContent
              role="alert"
              className="flex flex-col items-center gap-3 py-12 text-center"
            >
              <p className="font-medium">{licencesLoadFailure(licencesQuery.error)}</p>
              <Button variant="outline" onClick={() => void licencesQuery.refetch()}>
                <RefreshCwIcon aria-hidden="true" />
                Try Again
              </Button>
            </CardContent>
          </Card>
        ) : !data ? (
          <div className="space-y-3" aria-label="Loading licences">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : clients.length === 0 ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
              <KeyRoundIcon aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="font-medium">
                {params.search ? 'No clients match your search' : 'No clients yet'}
              </p>
              <p className="text-sm text-muted-foreground">
                Licences are issued to clients. Add a client first, then add licences to it.
              </p>
            </CardContent>
          </Card>
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
      <AddLicencesDialog
        open={addFor !== null}
        companyId={addFor ?? ''}
        onOpenChange={(open) => !open && setAddFor(null)}
        onResult={banner.show}
      />
      <BindLicenceDialog
        licence={dialogFor('bind')}
        onOpenChange={closeDialog}
        onResult={banner.show}
      />
      <ExtendLicenceDialog
        licence={dialogFor('extend')}
        onOpenChange={closeDialog}
        onResult={banner.show}
      />
      <DeleteLicenceDialog
        licence={dialogFor('delete')}
        onOpenChange={closeDialog}
        onResult={banner.show}
      />
      <ConfirmDialog
        open={dialog?.kind === 'unbind'}
        onOpenChange={closeDialog}
        title={`Unbind licence ${dialog?.licence.key ?? ''}?`}
        description={`Device ${dialog?.licence.deviceId ?? ''} (${dialog?.licence.projectName ?? ''}) loses access and the licence becomes available again.`}
        confirmLabel="Unbind"
        destructive
        pending={unbindLicence.isPending}
        onConfirm={confirmUnbind}
      />
    </>
  );
}
