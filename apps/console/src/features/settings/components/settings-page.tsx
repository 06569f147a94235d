import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** Company settings (/settings). */
export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Company Settings"
        subtitle="Company information, logo, tax and document numbering"
      />
      <ComingSoon description="Company information, logo, bank details, tax configuration and document numbering will appear here." />
    </>
  );
}
