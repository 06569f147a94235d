import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** Crash and debug reports (/crash-report). */
export function CrashReportsPage() {
  return (
    <>
      <PageHeader title="Crash & Debug Reports" subtitle="Reports sent by the mobile patrol app" />
      <ComingSoon description="Statistics, filters and the list of crash and debug reports from the mobile app will appear here." />
    </>
  );
}
