import { permissionKeys, permissionLabels, type Permission, type Role } from '@patrol/contracts';
import { effectivePermissions, roleLabel, type PermissionMode } from '@patrol/domain';
import { ShieldX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import type { StoredUser } from '@/lib/session-storage';

type AccessDeniedProps = {
  required: readonly string[];
  mode: PermissionMode;
  /** A screen kept to roles: the rule is the role, whatever permissions are held. */
  roles?: readonly Role[];
  message?: string;
};

// What the permission check actually grants (the API's rule), in catalogue order.
function heldPermissions(user: StoredUser | null): Permission[] | 'all' {
  if (user?.role === 'superadmin') return 'all';
  return effectivePermissions(user);
}

/** Permissions in words: pages never show raw keys (an unknown key drops out). */
function inWords(permissions: readonly string[]): string[] {
  return permissionKeys
    .filter((key) => permissions.includes(key))
    .map((key) => permissionLabels[key]);
}

function PermissionList({ permissions }: { permissions: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {permissions.map((permission) => (
        <li key={permission}>
          <Badge variant="outline">{permission}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Shown instead of a screen the user lacks permission for: what it needs and what they hold, in words. */
export function AccessDenied({
  required,
  mode,
  roles,
  message = roles
    ? `This page is for the ${roles.map(roleLabel).join(' or ')} role only.`
    : "You don't have permission to access this page.",
}: AccessDeniedProps) {
  const { user } = useAuth();
  const own = heldPermissions(user);
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-lg" role="alert">
        <CardContent className="flex flex-col gap-5">
          <div className="flex items-start gap-3">
            <ShieldX className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
            <div>
              <h1 className="text-lg font-semibold">Access Denied</h1>
              <p className="text-muted-foreground">{message}</p>
            </div>
          </div>
          {roles ? (
            <section aria-labelledby="required-role" className="space-y-2">
              <h2 id="required-role" className="text-sm font-medium">
                Required role
              </h2>
              <PermissionList permissions={roles.map(roleLabel)} />
              <p className="text-sm text-muted-foreground">
                Your role: {user ? roleLabel(user.role) : 'None'}
              </p>
            </section>
          ) : (
            <section aria-labelledby="required-permissions" className="space-y-2">
              <h2 id="required-permissions" className="text-sm font-medium">
                Required permissions ({mode === 'all' ? 'ALL' : 'ANY'})
              </h2>
              <PermissionList permissions={inWords(required)} />
            </section>
          )}
          <section aria-labelledby="own-permissions" className="space-y-2">
            <h2 id="own-permissions" className="text-sm font-medium">
              Your permissions
            </h2>
            {own === 'all' ? (
              <p className="text-muted-foreground">All permissions</p>
            ) : own.length === 0 ? (
              <p className="text-muted-foreground">None</p>
            ) : (
              <PermissionList permissions={inWords(own)} />
            )}
          </section>
        </CardContent>
      </Card>
    </div>
  );
}
