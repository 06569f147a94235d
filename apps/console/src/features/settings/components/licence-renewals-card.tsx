import { renewalLimits, type CompanySettings } from '@patrol/contracts';
import type { FieldPathByValue } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ReminderLadderField } from '@/features/settings/components/reminder-ladder-field';
import {
  SettingsNumberField,
  SettingsSwitchField,
} from '@/features/settings/components/settings-fields';
import { dayCountInput } from '@/features/settings/lib/settings-input-rules';

type DayField = {
  name: FieldPathByValue<CompanySettings, number>;
  label: string;
  limits: { min: number; max: number };
};

const dayFields: readonly DayField[] = [
  {
    name: 'licenceRenewals.leadTimeDays',
    label: 'Renewal lead time (days)',
    limits: renewalLimits.leadTimeDays,
  },
  {
    name: 'licenceRenewals.graceToRestrictedDays',
    label: 'Restricted after due (days)',
    limits: renewalLimits.graceDays,
  },
  {
    name: 'licenceRenewals.graceToSuspendedDays',
    label: 'Suspended after due (days)',
    limits: renewalLimits.graceDays,
  },
];

type SwitchField = {
  name: FieldPathByValue<CompanySettings, boolean>;
  label: string;
  description: string;
};

const switchFields: readonly SwitchField[] = [
  {
    name: 'licenceRenewals.sendQuotationsAutomatically',
    label: 'Send renewal quotations automatically',
    description: 'The daily renewal run e-mails each renewal quotation it drafts.',
  },
  {
    name: 'licenceRenewals.suspendOnOverdue',
    label: "Suspend all of a client's keys when an invoice is overdue",
    description: 'Off: only the keys paid by the overdue invoice are restricted and suspended.',
  },
];

/** Licence renewals, the payment reminder ladder and overdue keys (docs/licence-renewals.md). */
export function LicenceRenewalsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Licence renewals</CardTitle>
        <CardDescription>
          When renewals are quoted, which reminders an unpaid invoice gets, and what it does to the
          keys it covers.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 md:grid-cols-3">
          {dayFields.map((field) => (
            <SettingsNumberField
              key={field.name}
              name={field.name}
              label={field.label}
              parse={dayCountInput}
              min={field.limits.min}
              max={field.limits.max}
            />
          ))}
        </div>
        <div className="grid gap-4">
          {switchFields.map((field) => (
            <SettingsSwitchField key={field.name} {...field} />
          ))}
        </div>
        <ReminderLadderField />
      </CardContent>
    </Card>
  );
}
