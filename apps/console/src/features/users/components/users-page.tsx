import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';

/** Staff user management (/users). */
export function UsersPage() {
  return (
    <>
      <PageHeader title="User Management" subtitle="Manage staff accounts, roles and permissions" />
      <ComingSoon description="The staff user table with roles, statuses and the permission editor will appear here." />
    </>
  );
}
