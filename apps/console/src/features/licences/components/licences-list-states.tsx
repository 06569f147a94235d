import { KeyRoundIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { licencesLoadFailure } from '@/features/licences/lib/licence-messages';

/** The licences could not be read: why, and Try Again. */
export function LicencesLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card>
      <CardContent role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="font-medium">{licencesLoadFailure(error)}</p>
        <Button variant="outline" onClick={onRetry}>
          <RefreshCwIcon aria-hidden="true" />
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

/** Placeholder cards while the first page loads. */
export function LicencesSkeleton() {
  return (
    <div className="space-y-3" aria-label="Loading licences">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-20 rounded-xl" />
      ))}
    </div>
  );
}

/** No client to show licences for: none yet, or none matching the search. */
export function NoClients({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <KeyRoundIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">
          {searching ? 'No clients match your search' : 'No clients yet'}
        </p>
        <p className="text-sm text-muted-foreground">
          Licences are issued to clients. Add a client first, then add licences to it.
        </p>
      </CardContent>
    </Card>
  );
}
