import { canPerform, hasPermission } from '@patrol/domain';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { ServiceErrorDialog } from '@/components/service-error-dialog';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { BusinessPerformanceSection } from '@/features/dashboard/components/business-performance-section';
import { DashboardErrorCard } from '@/features/dashboard/components/dashboard-error-card';
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { DashboardSummaryCards } from '@/features/dashboard/components/dashboard-summary-cards';
import { LicenceActivityOverview } from '@/features/dashboard/components/licence-activity-overview';
import { RecentActivityCard } from '@/features/dashboard/components/recent-activity-card';
import { RecentClientsCard } from '@/features/dashboard/components/recent-clients-card';
import { SystemHealthCard } from '@/features/dashboard/components/system-health-card';
import { describeDashboardError } from '@/features/dashboard/lib/describe-dashboard-error';
import { useDashboardRefresh } from '@/features/dashboard/lib/use-dashboard-refresh';
import { useNow } from '@/lib/use-now';
import { useAuth } from '@/lib/auth';

const relativeTimeTickMs = 30_000;

/** The dashboard (/): spec 1 section 2.6. Live events reach it through the query cache. */
export function DashboardPage() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  const refresh = useDashboardRefresh(dashboard.refetch);
  const tick = useNow(relativeTimeTickMs);
  const { data, dataUpdatedAt, isError, isFetching } = dashboard;
  // Fresh data may be newer than the last tick: measure its times from when it arrived.
  const now = new Date(Math.max(tick.getTime(), dataUpdatedAt));

  // The dialog opens when the dashboard enters the error state and closes when it leaves it;
  // later failures of the same outage do not reopen it once dismissed.
  const [errorDialogOpen, setErrorDialogOpen] = useState(false);
  const [wasError, setWasError] = useState(isError);
  if (wasError !== isError) {
    setWasError(isError);
    setErrorDialogOpen(isError);
  }

  const refreshButton = (
    <Button variant="outline" onClick={() => refresh()} disabled={isFetching}>
      <RefreshCwIcon aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
      {isFetching ? 'Refreshing...' : 'Refresh'}
    </Button>
  );

  const retry = () => refresh({ force: true });
  const error = isError ? describeDashboardError(dashboard.error) : null;

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your patrol management system"
        actions={refreshButton}
      />
      {error ? (
        <>
          <DashboardErrorCard
            message={error.message}
            retrying={isFetching}
            onRetry={retry}
            onShowDetails={() => setErrorDialogOpen(true)}
          />
          <ServiceErrorDialog
            title="Dashboard Error"
            description="The dashboard could not be loaded."
            open={errorDialogOpen}
            onOpenChange={setErrorDialogOpen}
            error={error}
            retrying={isFetching}
            onRetry={retry}
          />
        </>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <div className="space-y-6">
          <DashboardSummaryCards stats={data.stats} />
          <LicenceActivityOverview
            activity={data.licenseActivity}
            now={now}
            standing={data.licenceStanding}
          />
          <BusinessPerformanceSection dashboard={data} />
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <RecentActivityCard
              activities={data.recentActivity}
              now={now}
              canViewSystem={hasPermission(user, 'system.view')}
            />
            <div className="space-y-6">
              <RecentClientsCard
                clients={data.recentClients}
                canViewClients={hasPermission(user, 'clients.view')}
                canAddClient={canPerform(user, 'createClient')}
              />
              <SystemHealthCard
                health={data.systemHealth}
                userTypes={data.stats.userTypeBreakdown}
              />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
