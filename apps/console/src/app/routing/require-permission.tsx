import { Outlet } from 'react-router-dom';
import { canOpen, type AccessRule } from '@/app/routing/route-access';
import { AccessDenied } from '@/components/access-denied';
import { useAuth } from '@/lib/auth';

/** Renders the route when the user may open it, else the Access Denied screen naming the rule. */
export function RequirePermission({ access }: { access: AccessRule }) {
  const { user } = useAuth();
  if (!canOpen(user, access)) {
    return <AccessDenied required={access.permissions} mode={access.mode} roles={access.roles} />;
  }
  return <Outlet />;
}
