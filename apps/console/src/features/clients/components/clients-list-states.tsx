import { canPerform } from '@patrol/domain';
import { PlusIcon, RefreshCwIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ServiceErrorDialog, type ServiceErrorDetails } from '@/components/service-error-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';

/** Add Client, for users who may create one. */
export function AddClientButton() {
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

/** An empty directory invites a first client. */
export function EmptyState({ onRefresh }: { onRefresh: () => void }) {
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

/** The list could not be read: the reason, Try Again and the details. */
export function UnavailableState({
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

/** Placeholder rows while the first page loads. */
export function TableSkeleton() {
  return (
    <div className="space-y-3 p-4" aria-label="Loading clients">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
