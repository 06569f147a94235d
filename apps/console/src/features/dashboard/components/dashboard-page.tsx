import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** The dashboard (/). */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of your patrol management system" />
      <ComingSoon description="Client and licence totals, licence activity, business performance, system health and recent activity will appear here." />
    </>
  );
}
