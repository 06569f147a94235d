import { renewalLimits } from '@patrol/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  SettingsNumberField,
  SettingsSwitchField,
} from '@/features/settings/components/settings-fields';

const days = (text: string) => (text.trim() === '' ? 0 : Math.trunc(Number(text)));

/**
 * Licence renewals and overdue keys (docs/licence-renewals.md). The reminder ladder is kept as
 * saved (default -3, 0, 7, 14 and 30 days); it is edited through the API.
 */
export function LicenceRenewalsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Licence renewals</CardTitle>
        <CardDescription>
          When renewals are quoted, and what an unpaid invoice does to the keys it covers.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        <SettingsNumberField
          name="licenceRenewals.leadTimeDays"
          label="Renewal lead time (days)"
          parse={days}
          min={renewalLimits.leadTimeDays.min}
          max={renewalLimits.leadTimeDays.max}
        />
        <SettingsNumberField
          name="licenceRenewals.graceToRestrictedDays"
          label="Restricted after due (days)"
          parse={days}
          min={renewalLimits.graceDays.min}
          max={renewalLimits.graceDays.max}
        />
        <SettingsNumberField
          name="licenceRenewals.graceToSuspendedDays"
          label="Suspended after due (days)"
          parse={days}
          min={renewalLimits.graceDays.min}
          max={renewalLimits.graceDays.max}
        />
        <div className="grid gap-4 md:col-span-3">
          <SettingsSwitchField
            name="licenceRenewals.sendQuotationsAutomatically"
            label="Send renewal quotations automatically"
            description="The daily renewal run e-mails each renewal quotation it drafts."
          />
          <SettingsSwitchField
            name="licenceRenewals.suspendOnOverdue"
            label="Suspend all of a client's keys when an invoice is overdue"
            description="Off: only the keys paid by the overdue invoice are restricted and suspended."
          />
        </div>
      </CardContent>
    </Card>
  );
}
