import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** Licence management (/licences). */
export function LicencesPage() {
  return (
    <>
      <PageHeader title="Licence Management" subtitle="Software licences and device bindings" />
      <ComingSoon description="Each client's licences, with binding, extension and deletion, will appear here." />
    </>
  );
}
