import { hasPermissions } from '@patrol/domain';
import { Outlet } from 'react-router-dom';
import { AccessDenied } from '@/components/access-denied';
import type { AccessRule } from '@/app/routing/route-access';
import { useAuth } from '@/lib/auth';

/** Renders the route when the user holds its permissions, else the Access Denied screen. */
export function RequirePermission({ access }: { access: AccessRule }) {
  const { user } = useAuth();
  if (!hasPermissions(user, access.permissions, access.mode)) {
    return <AccessDenied required={access.permissions} mode={access.mode} />;
  }
  return <Outlet />;
}
