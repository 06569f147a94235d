import { DownloadIcon } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useClients } from '@/features/clients/api/get-clients';
import { AddClientButton } from '@/features/clients/components/clients-list-states';
import { ClientsListCard } from '@/features/clients/components/clients-list-card';
import { ClientsSummaryCards } from '@/features/clients/components/clients-summary-cards';
import { DeveloperTools } from '@/features/clients/components/developer-tools';
import { useClientListParams } from '@/features/clients/lib/client-list-params';
import { useClientsExport } from '@/features/clients/lib/use-clients-export';

/** The client directory (/clients, spec 1 section 2.7): header, summary cards and the list. */
export function ClientsPage() {
  const { params, update } = useClientListParams();
  const clientsQuery = useClients(params);

  const data = clientsQuery.data;
  const exportClients = useClientsExport(params, data);
  const listed = data?.success ? data : undefined;

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
            <Button
              variant="outline"
              onClick={exportClients.start}
              disabled={exportClients.pending}
            >
              <DownloadIcon aria-hidden="true" />
              {exportClients.pending ? 'Exporting...' : 'Export'}
            </Button>
            <AddClientButton />
          </>
        }
      />
      <div className="space-y-6">
        <ClientsSummaryCards summary={listed?.summary} />
        <ClientsListCard query={clientsQuery} params={params} update={update} />
      </div>
    </>
  );
}
