import type { ListOtaVersionsResponse } from '@patrol/contracts';
import { hasPermission } from '@patrol/domain';
import { PackageIcon, RefreshCwIcon, ShieldAlertIcon, UploadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useBreakerHealth } from '@/lib/use-breaker-health';
import { useOtaHealth } from '@/features/ota/api/get-ota-health';
import { useOtaVersions } from '@/features/ota/api/get-ota-versions';
import { otaBreakerName, toOtaError, useOtaAuthError } from '@/features/ota/api/ota-request';
import { useOtaUpdates } from '@/features/ota/api/use-ota-updates';
import { OtaErrorBoundary } from '@/features/ota/components/ota-error-boundary';
import { SystemStatusSection } from '@/features/ota/components/system-status-section';
import { UploadApkDialog } from '@/features/ota/components/upload-apk-dialog';
import { VersionDetailsDialog } from '@/features/ota/components/version-details-dialog';
import { VersionSummaryCards } from '@/features/ota/components/version-summary-cards';
import { VersionsTable } from '@/features/ota/components/versions-table';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

const otaBreakers = [otaBreakerName];

function VersionsSkeleton() {
  return (
    <div className="space-y-3 p-4" aria-label="Loading versions">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

type EmptyStateProps = { canUpload: boolean; onUpload: () => void };

function EmptyState({ canUpload, onUpload }: EmptyStateProps) {
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

function VersionsUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
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

/** The OTA screen's body; the page wraps it in its error boundary. */
function OtaScreen() {
  const { user } = useAuth();
  const canManage = hasPermission(user, 'ota.activate');
  const canUploadApk = hasPermission(user, 'ota.upload');
  const authError = useOtaAuthError();
  const breaker = useBreakerHealth(otaBreakers);
  const [refreshing, setRefreshing] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const versionsQuery = useOtaVersions();
  const healthQuery = useOtaHealth({ paused: refreshing, authError });
  useOtaUpdates();

  // Spec 2 section 8: a failed load says so, unless the auth or breaker state already does.
  const versionsError = versionsQuery.error ? toOtaError(versionsQuery.error) : null;
  useEffect(() => {
    if (!versionsError || versionsError.isAuthOrCircuit) return;
    toast.error(otaScreenMessages.loadVersionsFailed(versionsError.message), {
      id: 'ota-versions-failed',
    });
    // Once per failed load, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [versionsQuery.errorUpdatedAt]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([versionsQuery.refetch(), healthQuery.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  const list: ListOtaVersionsResponse | undefined = versionsQuery.data;
  const details = list?.versions.find((version) => version.id === detailsId) ?? null;
  const healthError = healthQuery.error ? toOtaError(healthQuery.error) : null;
  const canUpload = canUploadApk && !authError;

  return (
    <>
      <PageHeader
        title="Over The Air Update (OTA)"
        subtitle="Android app releases delivered over the air"
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
              <RefreshCwIcon aria-hidden="true" className={refreshing ? 'animate-spin' : ''} />
              {refreshing ? 'Refreshing...' : 'Refresh'}
            </Button>
            {canUploadApk && (
              <Button onClick={() => setUploadOpen(true)} disabled={authError}>
                <UploadIcon aria-hidden="true" />
                Upload APK
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-6">
        {authError && (
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
        )}
        <SystemStatusSection
          health={healthQuery.data}
          error={healthError}
          checkedAt={Math.max(healthQuery.dataUpdatedAt, healthQuery.errorUpdatedAt)}
          checking={healthQuery.isPending}
          authError={authError}
          breaker={breaker}
        />
        {list && list.versions.length > 0 && <VersionSummaryCards list={list} />}
        <Card className="gap-0 py-0">
          <div className="border-b p-4">
            <h2 className="font-semibold">Version History</h2>
            <p className="text-sm text-muted-foreground">
              {list
                ? `${list.totalVersions} ${list.totalVersions === 1 ? 'version' : 'versions'}, newest first`
                : 'Loading versions'}
            </p>
          </div>
          <CardContent className="px-0">
            {list ? (
              list.versions.length === 0 ? (
                <EmptyState canUpload={canUpload} onUpload={() => setUploadOpen(true)} />
              ) : (
                <VersionsTable
                  versions={list.versions}
                  canManage={canManage}
                  onShowDetails={(version) => setDetailsId(version.id)}
                />
              )
            ) : versionsError ? (
              <VersionsUnavailable
                message={versionsError.message}
                onRetry={() => void versionsQuery.refetch()}
              />
            ) : (
              <VersionsSkeleton />
            )}
          </CardContent>
        </Card>
      </div>
      {canUploadApk && <UploadApkDialog open={uploadOpen} onOpenChange={setUploadOpen} />}
      <VersionDetailsDialog
        version={details}
        onClose={() => setDetailsId(null)}
        canManage={canUploadApk}
      />
    </>
  );
}

/** Over The Air Update (/ota, spec 2 section 2.5): releases of the patrol app and their health. */
export function OtaPage() {
  return (
    <OtaErrorBoundary>
      <OtaScreen />
    </OtaErrorBoundary>
  );
}
