import { defaultCompanyTimeZone, isIanaTimeZone } from '@patrol/contracts';
import { timeZoneLabel } from '@patrol/domain';
import { useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsTextField } from '@/features/settings/components/settings-fields';

/** The company's time zone: every time the console shows, the audit trail and document dates. */
export function TimeZoneCard() {
  const timeZone = useWatch({ name: 'timeSettings.timeZone' }) as string | undefined;
  const known = timeZone && isIanaTimeZone(timeZone);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Time zone</CardTitle>
        <CardDescription>
          Every time in the console and the audit trail, and the dates on documents, are shown in
          this zone, whatever the zone of the viewer's computer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SettingsTextField
          name="timeSettings.timeZone"
          label="Company time zone"
          placeholder={defaultCompanyTimeZone}
          className="max-w-md"
          hint={
            known
              ? `Now ${timeZoneLabel(timeZone)}.`
              : `An IANA time zone name, such as ${defaultCompanyTimeZone}.`
          }
        />
      </CardContent>
    </Card>
  );
}
