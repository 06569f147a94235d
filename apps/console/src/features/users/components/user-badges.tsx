import type { UserStatus } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const statusVariants: Record<UserStatus, BadgeVariant> = {
  active: 'success',
  inactive: 'inactive',
  suspended: 'danger',
};

const statusLabels: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/** A user's status: active green, inactive grey, suspended red (spec 2 section 2.1). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge variant={statusVariants[status]}>{statusLabels[status]}</Badge>;
}

/** The role label; a superadmin stands out. */
export function UserRoleBadge({ role }: { role: string }) {
  return <Badge variant={role === 'superadmin' ? 'default' : 'outline'}>{roleLabel(role)}</Badge>;
}

/** Option labels for the status select. */
export function userStatusLabel(status: UserStatus): string {
  return statusLabels[status];
}
