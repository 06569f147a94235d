import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Banner, useTimedBanner } from '@/components/banner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCreateClient } from '@/features/clients/api/create-client';
import { ClientForm } from '@/features/clients/components/client-form';
import { ApiError } from '@/lib/api-client';

/** Client forms: banners last 4 s, the list returns 1.5 s after a save (spec 1 section 9). */
export const clientFormTimings = { bannerMs: 4_000, returnAfterSaveMs: 1_500 } as const;

/** Sends the visitor back to /clients 1.5 s after `saved` turns true. */
export function useReturnToClientsAfterSave(saved: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate('/clients'), clientFormTimings.returnAfterSaveMs);
    return () => clearTimeout(timer);
  }, [saved, navigate]);
}

/** The form's failure message: the server's, or the spec's fallback when none came back. */
export function clientSaveError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

/** The 'Back to Clients' header button. */
export function BackToClientsButton() {
  return (
    <Button variant="outline" asChild>
      <Link to="/clients">
        <ArrowLeftIcon aria-hidden="true" />
        Back to Clients
      </Link>
    </Button>
  );
}

/** Add New Client (/clients/add, spec 1 section 2.8). */
export function AddClientPage() {
  const createClient = useCreateClient();
  const banner = useTimedBanner(clientFormTimings.bannerMs);
  const [saved, setSaved] = useState(false);
  useReturnToClientsAfterSave(saved);

  return (
    <>
      <PageHeader
        title="Add New Client"
        subtitle="Register a client company to issue licences to"
        actions={<BackToClientsButton />}
      />
      <Card className="max-w-3xl">
        <CardContent className="grid gap-5">
          <Banner message={banner.message} onDismiss={banner.clear} />
          <ClientForm
            mode="add"
            submitLabel="Add Client"
            pendingLabel="Adding..."
            locked={saved}
            onSubmit={async (values) => {
              try {
                const response = await createClient.mutateAsync(values);
                banner.show('success', response.message ?? 'Client added successfully');
                setSaved(true);
              } catch (error) {
                banner.show(
                  'error',
                  clientSaveError(error, 'Failed to add client. Please try again.'),
                );
                throw error;
              }
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
