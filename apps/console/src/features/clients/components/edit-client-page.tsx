import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Banner, useTimedBanner } from '@/components/banner';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClient } from '@/features/clients/api/get-client';
import { useUpdateClient } from '@/features/clients/api/update-client';
import {
  BackToClientsButton,
  clientFormTimings,
  clientSaveError,
  useReturnToClientsAfterSave,
} from '@/features/clients/components/add-client-page';
import { ClientForm, clientFormValues } from '@/features/clients/components/client-form';
import { ApiError } from '@/lib/api-client';
import { useSuppressClientUpdateToast } from '@/lib/realtime-events';

function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Client not found';
  return 'Failed to fetch client data';
}

/** Edit Client (/clients/edit/{companyId}): the add form with companyId read-only. */
export function EditClientPage() {
  const { companyId = '' } = useParams();
  const clientQuery = useClient(companyId);
  const updateClient = useUpdateClient();
  const banner = useTimedBanner(clientFormTimings.bannerMs);
  const [saved, setSaved] = useState(false);
  useReturnToClientsAfterSave(saved);
  useSuppressClientUpdateToast(companyId);

  const client = clientQuery.data;
  return (
    <>
      <PageHeader
        title="Edit Client"
        subtitle={client ? `Update the details of ${client.companyName}` : 'Update client details'}
        actions={<BackToClientsButton />}
      />
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <Banner message={banner.message} onDismiss={banner.clear} />
          {clientQuery.isError ? (
            <p role="alert" className="py-8 text-center font-medium text-destructive">
              {loadErrorMessage(clientQuery.error)}
            </p>
          ) : !client ? (
            <div className="grid gap-4 md:grid-cols-2" aria-label="Loading client">
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-14" />
              ))}
            </div>
          ) : (
            <ClientForm
              key={client.id}
              mode="edit"
              initialValues={clientFormValues(client)}
              submitLabel="Update Client"
              pendingLabel="Updating..."
              locked={saved}
              onSubmit={async ({ companyName, contactPerson, email, phone, address }) => {
                try {
                  const response = await updateClient.mutateAsync({
                    companyId,
                    body: { companyName, contactPerson, email, phone, address },
                  });
                  banner.show('success', response.message ?? 'Client updated successfully');
                  setSaved(true);
                } catch (error) {
                  banner.show(
                    'error',
                    clientSaveError(error, 'Failed to update client. Please try again.'),
                  );
                  throw error;
                }
              }}
            />
          )}
        </CardContent>
      </Card>
    </>
  );
}
