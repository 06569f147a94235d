import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** The system monitoring panel (/system-status). */
export function SystemStatusPage() {
  return (
    <>
      <PageHeader title="System" subtitle="System health and performance" />
      <ComingSoon description="Health score, database, memory, performance metrics and recent system events will appear here." />
    </>
  );
}
