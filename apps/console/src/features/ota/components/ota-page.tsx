import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** OTA release management (/ota). */
export function OtaPage() {
  return (
    <>
      <PageHeader
        title="Over The Air Update (OTA)"
        subtitle="Android app releases delivered over the air"
      />
      <ComingSoon description="APK uploads, version history and activation of releases will appear here." />
    </>
  );
}
