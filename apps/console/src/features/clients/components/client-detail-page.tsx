import type { Client } from '@patrol/contracts';
import { canPerform, hasPermission } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import {
  ArrowLeftIcon,
  CalendarIcon,
  KeyRoundIcon,
  MailIcon,
  MapPinIcon,
  PencilIcon,
  PhoneIcon,
  SearchXIcon,
  UserIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useClient } from '@/features/clients/api/get-client';
import { ClientLicencesSection } from '@/features/clients/components/client-licences-section';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { ActiveBadge } from '@/components/status-badge';

function DetailRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    // A term and its description directly in the list's group (the icon inside the term), as a
    // definition list requires.
    <div className="min-w-0">
      <dt className="flex items-center gap-3 text-xs text-muted-foreground">
        <span className="shrink-0">{icon}</span>
        {label}
      </dt>
      <dd className="pl-7 break-words">{children}</dd>
    </div>
  );
}

function ClientDetail({ client }: { client: Client }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-1">
        <CardHeader>
          <CardTitle>Contact</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm">
            <DetailRow icon={<MailIcon className="size-4" />} label="Email">
              {client.email}
            </DetailRow>
            <DetailRow icon={<PhoneIcon className="size-4" />} label="Phone">
              {client.phone}
            </DetailRow>
            <DetailRow icon={<MapPinIcon className="size-4" />} label="Address">
              {client.address}
            </DetailRow>
            <DetailRow icon={<CalendarIcon className="size-4" />} label="Joined">
              {formatBusinessDate(client.createdAt)}
            </DetailRow>
            <DetailRow icon={<UserIcon className="size-4" />} label="Contact Person">
              {client.contactPerson}
            </DetailRow>
          </dl>
        </CardContent>
      </Card>
      <div className="grid content-start gap-6 lg:col-span-2">
        <div className="grid gap-4 sm:grid-cols-2">
          <Card className="gap-1 py-4">
            <CardContent className="px-4">
              <p className="text-sm text-muted-foreground">Total Licences</p>
              <p className="text-2xl font-semibold tabular-nums">{client.licenceCount}</p>
            </CardContent>
          </Card>
          <Card className="gap-1 py-4">
            <CardContent className="px-4">
              <p className="text-sm text-muted-foreground">Active Licences</p>
              <p className="text-2xl font-semibold tabular-nums">{client.boundLicenceCount}</p>
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Licences</CardTitle>
          </CardHeader>
          <CardContent>
            <ClientLicencesSection client={client} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <SearchXIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{message}</h2>
        <p className="text-sm text-muted-foreground">
          The client may have been deleted, or the link is wrong.
        </p>
        <Button asChild variant="outline">
          <Link to="/clients">Back to Clients</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Client Details (/clients/{companyId}, spec 1 section 2.9). */
export function ClientDetailPage() {
  const { companyId = '' } = useParams();
  const navigate = useNavigate();
  const clientQuery = useClient(companyId);
  const client = clientQuery.data;
  const notFound = clientQuery.error instanceof ApiError && clientQuery.error.status === 404;
  const { user } = useAuth();

  return (
    <>
      <PageHeader
        title={client?.companyName ?? 'Client Details'}
        subtitle={client ? client.companyId : 'Client details and licences'}
        actions={
          <>
            {client && <ActiveBadge active={client.active} />}
            <Button variant="outline" onClick={() => void navigate(-1)}>
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
            {client && (
              <>
                {canPerform(user, 'editClient') && (
                  <Button variant="outline" asChild>
                    <Link to={`/clients/edit/${encodeURIComponent(client.companyId)}`}>
                      <PencilIcon aria-hidden="true" />
                      Edit Client
                    </Link>
                  </Button>
                )}
                {/* The licence screen is the products.view screen (route access). */}
                {hasPermission(user, 'products.view') && (
                  <Button asChild>
                    <Link to="/licences">
                      <KeyRoundIcon aria-hidden="true" />
                      Manage Licences
                    </Link>
                  </Button>
                )}
              </>
            )}
          </>
        }
      />
      {clientQuery.isError ? (
        <NotFound message={notFound ? 'Client Not Found' : 'Failed to fetch client details'} />
      ) : !client ? (
        <div className="grid gap-6 lg:grid-cols-3" aria-label="Loading client">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl lg:col-span-2" />
        </div>
      ) : (
        <ClientDetail client={client} />
      )}
    </>
  );
}
