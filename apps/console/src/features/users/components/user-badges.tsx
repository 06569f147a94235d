import type { UserStatus } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { StatusBadge, userStatusTones } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';

const statusLabels: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/** A user's status: active green, inactive grey, suspended red (spec 2 section 2.1). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <StatusBadge status={status} tones={userStatusTones} label={statusLabels[status]} />;
}

/** The role label; a superadmin stands out. */
export function UserRoleBadge({ role }: { role: string }) {
  return <Badge variant={role === 'superadmin' ? 'default' : 'outline'}>{roleLabel(role)}</Badge>;
}

/** Option labels for the status select. */
export function userStatusLabel(status: UserStatus): string {
  return statusLabels[status];
}
