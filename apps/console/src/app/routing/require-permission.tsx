import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { canOpen, type AccessRule } from '@/app/routing/route-access';
import { useAuth } from '@/lib/auth';

// Most visits are allowed: the Access Denied screen loads only when it is shown.
const AccessDenied = lazy(() =>
  import('@/components/access-denied').then((module) => ({ default: module.AccessDenied })),
);

/** Renders the route when the user may open it, else the Access Denied screen naming the rule. */
export function RequirePermission({ access }: { access: AccessRule }) {
  const { user } = useAuth();
  if (!canOpen(user, access)) {
    return (
      <Suspense fallback={null}>
        <AccessDenied required={access.permissions} mode={access.mode} roles={access.roles} />
      </Suspense>
    );
  }
  return <Outlet />;
}
