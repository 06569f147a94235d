import { canPerform } from '@patrol/domain';
import { RefreshCwIcon, UploadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useBreakerHealth } from '@/lib/use-breaker-health';
import { useOtaHealth } from '@/features/ota/api/get-ota-health';
import { useOtaVersions } from '@/features/ota/api/get-ota-versions';
import { otaBreakerName, toOtaError, useOtaAuthError } from '@/features/ota/api/ota-request';
import { useOtaUpdates } from '@/features/ota/api/use-ota-updates';
import { OtaErrorBoundary } from '@/features/ota/components/ota-error-boundary';
import { OtaAuthBanner } from '@/features/ota/components/ota-page-states';
import { SystemStatusSection } from '@/features/ota/components/system-status-section';
import { UploadApkDialog } from '@/features/ota/components/upload-apk-dialog';
import { VersionDetailsDialog } from '@/features/ota/components/version-details-dialog';
import { VersionHistoryCard } from '@/features/ota/components/version-history-card';
import { VersionSummaryCards } from '@/features/ota/components/version-summary-cards';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

const otaBreakers = [otaBreakerName];

/** The OTA screen's body; the page wraps it in its error boundary. */
function OtaScreen() {
  const { user } = useAuth();
  const canUploadApk = canPerform(user, 'uploadRelease');
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

  const list = versionsQuery.data;
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
        {authError && <OtaAuthBanner />}
        <SystemStatusSection
          health={healthQuery.data}
          error={healthError}
          checkedAt={Math.max(healthQuery.dataUpdatedAt, healthQuery.errorUpdatedAt)}
          checking={healthQuery.isPending}
          authError={authError}
          breaker={breaker}
        />
        {list && list.versions.length > 0 && <VersionSummaryCards list={list} />}
        <VersionHistoryCard
          list={list}
          error={versionsError}
          canUpload={canUpload}
          onUpload={() => setUploadOpen(true)}
          onRetry={() => void versionsQuery.refetch()}
          onShowDetails={(version) => setDetailsId(version.id)}
        />
      </div>
      {canUploadApk && (
        <UploadApkDialog open={uploadOpen} onOpenChange={setUploadOpen} releases={list?.versions} />
      )}
      <VersionDetailsDialog version={details} onClose={() => setDetailsId(null)} />
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
