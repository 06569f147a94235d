import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsSwitchField } from '@/features/settings/components/settings-fields';

/** The two-person rule for payments; a one-person business switches it off. */
export function PaymentRulesCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
        <CardDescription>Who may validate a recorded payment.</CardDescription>
      </CardHeader>
      <CardContent>
        <SettingsSwitchField
          name="paymentSettings.requireSeparateValidator"
          label="Two people for every payment"
          description="A payment must be validated by someone other than the person who recorded it. Switch off only for a one-person business; the change is kept in the audit trail."
        />
      </CardContent>
    </Card>
  );
}
