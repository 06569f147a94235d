import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** The client directory (/clients). */
export function ClientsPage() {
  return (
    <>
      <PageHeader
        title="Client Management"
        subtitle="Manage your client companies and their licences"
      />
      <ComingSoon description="The searchable client table with summary cards, export and row actions will appear here." />
    </>
  );
}
