import type { LicenceDisplayStatus, UserStatus } from '@patrol/contracts';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

/**
 * One colour per state, the same on every screen (STYLE.md): green active, paid, bound; amber
 * pending, warning; red expired, overdue, critical; grey inactive. Each entity's states map here.
 */
export type StatusTones<Status extends string> = Record<Status, BadgeVariant>;

export const licenceStatusTones: StatusTones<LicenceDisplayStatus> = {
  Bound: 'success',
  Available: 'secondary',
  Expired: 'danger',
};

export const userStatusTones: StatusTones<UserStatus> = {
  active: 'success',
  inactive: 'inactive',
  suspended: 'danger',
};

type StatusBadgeProps<Status extends string> = {
  status: Status;
  tones: StatusTones<Status>;
  /** The text shown; the status itself by default. */
  label?: string;
};

/** A state shown as a badge in its entity's colour. */
export function StatusBadge<Status extends string>({
  status,
  tones,
  label,
}: StatusBadgeProps<Status>) {
  return <Badge variant={tones[status] ?? 'outline'}>{label ?? status}</Badge>;
}

/** Active or Inactive (clients). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'inactive'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
