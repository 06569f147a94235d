import { PackageIcon, RefreshCwIcon, ShieldAlertIcon, UploadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

/** The version history while it loads. */
export function VersionsSkeleton() {
  return (
    <div className="space-y-3 p-4" aria-label="Loading versions">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

type EmptyStateProps = { canUpload: boolean; onUpload: () => void };

/** No release yet: an invitation to upload the first, to staff who may. */
export function EmptyState({ canUpload, onUpload }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <PackageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h3 className="text-lg font-semibold">{otaScreenMessages.empty.title}</h3>
      <p className="max-w-sm text-sm text-muted-foreground">
        {otaScreenMessages.empty.description}
      </p>
      {canUpload && (
        <Button onClick={onUpload}>
          <UploadIcon aria-hidden="true" />
          Upload APK
        </Button>
      )}
    </div>
  );
}

/** The version history could not be loaded: why, and Try Again. */
export function VersionsUnavailable({
  message,
  onRetry,
}: {
  message: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <h3 className="text-lg font-semibold">Versions could not be loaded</h3>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

/** The session was refused (401): checks pause and uploads are disabled until it is accepted. */
export function OtaAuthBanner() {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800"
    >
      <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {otaScreenMessages.unauthorized} Checks are paused and uploads are disabled.{' '}
        <span className="font-medium">{otaScreenMessages.unauthorizedHint}</span>
      </p>
    </div>
  );
}
