import type { ActivityType } from '@patrol/contracts';
import type { LucideIcon } from 'lucide-react';
import {
  ActivityIcon,
  BadgeCheckIcon,
  BanIcon,
  CalendarPlusIcon,
  CircleXIcon,
  CreditCardIcon,
  FileCheckIcon,
  HeartPulseIcon,
  KeyRoundIcon,
  Link2Icon,
  LockIcon,
  LockOpenIcon,
  RefreshCwIcon,
  Trash2Icon,
  UnlinkIcon,
  Undo2Icon,
  UserPenIcon,
  UserPlusIcon,
  UserXIcon,
} from 'lucide-react';

/** How one kind of activity is drawn in Recent Activity. */
export type ActivityAppearance = {
  icon: LucideIcon;
  /** Background and icon colour of the round marker. */
  tone: string;
  /** Names the kind for screen readers. */
  label: string;
};

const tones = {
  green: 'bg-green-50 text-green-600',
  blue: 'bg-sky-50 text-sky-600',
  amber: 'bg-amber-50 text-amber-600',
  red: 'bg-red-50 text-red-600',
  violet: 'bg-violet-50 text-violet-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  slate: 'bg-slate-100 text-slate-600',
} as const;

/** Each activity type's icon and colour; the first seven are spec 1 section 2.6's. */
export const activityAppearance: Record<ActivityType, ActivityAppearance> = {
  client_added: { icon: UserPlusIcon, tone: tones.green, label: 'Client added' },
  licence_bound: { icon: Link2Icon, tone: tones.blue, label: 'Licence bound' },
  licence_unbound: { icon: UnlinkIcon, tone: tones.amber, label: 'Licence unbound' },
  payment: { icon: CreditCardIcon, tone: tones.emerald, label: 'Payment' },
  payment_processed: { icon: BadgeCheckIcon, tone: tones.emerald, label: 'Payment processed' },
  system_health: { icon: HeartPulseIcon, tone: tones.red, label: 'System health' },
  license_activity: { icon: ActivityIcon, tone: tones.violet, label: 'Licence activity' },
  client_updated: { icon: UserPenIcon, tone: tones.slate, label: 'Client updated' },
  client_deleted: { icon: UserXIcon, tone: tones.red, label: 'Client deleted' },
  licences_added: { icon: KeyRoundIcon, tone: tones.blue, label: 'Licences added' },
  licence_extended: { icon: CalendarPlusIcon, tone: tones.green, label: 'Licence extended' },
  licence_deleted: { icon: Trash2Icon, tone: tones.red, label: 'Licence deleted' },
  quotation_converted: { icon: FileCheckIcon, tone: tones.violet, label: 'Quotation converted' },
  invoice_reverted: { icon: Undo2Icon, tone: tones.amber, label: 'Invoice reverted' },
  payment_validated: { icon: BadgeCheckIcon, tone: tones.green, label: 'Payment validated' },
  payment_rejected: { icon: CircleXIcon, tone: tones.red, label: 'Payment rejected' },
  licences_restricted: { icon: LockIcon, tone: tones.amber, label: 'Licences restricted' },
  licences_suspended: { icon: BanIcon, tone: tones.red, label: 'Licences suspended' },
  licences_restored: { icon: LockOpenIcon, tone: tones.green, label: 'Licences restored' },
  renewal_drafted: { icon: RefreshCwIcon, tone: tones.blue, label: 'Renewal drafted' },
};

/** The appearance of `type`, with a neutral one for a type this build does not know yet. */
export function appearanceOf(type: string): ActivityAppearance {
  return (
    (activityAppearance as Record<string, ActivityAppearance | undefined>)[type] ?? {
      icon: ActivityIcon,
      tone: tones.slate,
      label: 'Activity',
    }
  );
}
