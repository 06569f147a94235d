import type { CompanySettings } from '@patrol/contracts';
import { useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SettingsTextField } from '@/features/settings/components/settings-fields';
import { TaglineColourField } from '@/features/settings/components/tagline-colour-field';
import {
  normalisedTextInput,
  phoneInput,
  upperCaseInput,
} from '@/features/settings/lib/settings-input-rules';

// The same substitution the footer makes, so the preview reads as the footer will.
function previewTagline(
  values: Pick<CompanySettings, 'tagline' | 'companyName' | 'registrationNumber'>,
) {
  return values.tagline
    .replaceAll('{companyName}', values.companyName.trim() || 'Your Company')
    .replaceAll('{registrationNumber}', values.registrationNumber.trim() || 'Registration Number');
}

/** Company name, registration, contact details and the footer tagline. */
export function CompanyInfoCard() {
  const [tagline, companyName, registrationNumber, taglineColor] = useWatch<
    CompanySettings,
    ['tagline', 'companyName', 'registrationNumber', 'taglineColor']
  >({ name: ['tagline', 'companyName', 'registrationNumber', 'taglineColor'] });
  const preview = previewTagline({ tagline, companyName, registrationNumber });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Information</CardTitle>
        <CardDescription>
          Shown on quotations, invoices, receipts and in the footer.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SettingsTextField
          name="companyName"
          label="Company Name"
          sanitize={normalisedTextInput}
          maxLength={200}
          className="md:col-span-2"
        />
        <SettingsTextField
          name="registrationNumber"
          label="Registration Number"
          sanitize={upperCaseInput}
          maxLength={50}
        />
        <SettingsTextField name="taxNumber" label="Tax Number" maxLength={50} />
        <SettingsTextField
          name="phone"
          label="Phone"
          type="tel"
          sanitize={phoneInput}
          maxLength={30}
          placeholder="+60 3-1234 5678"
        />
        <SettingsTextField name="email" label="Email" type="email" maxLength={254} />
        <SettingsTextField
          name="website"
          label="Website"
          maxLength={200}
          className="md:col-span-2"
          placeholder="https://"
        />
        <SettingsTextField
          name="tagline"
          label="Footer Tagline"
          multiline
          maxLength={500}
          className="md:col-span-2"
          hint="Use {companyName} and {registrationNumber} to insert the company name and registration number."
        />
        <TaglineColourField />
        <div className="grid content-start gap-2">
          <span className="text-sm font-medium">Preview</span>
          <p
            className="min-h-9 rounded-md border bg-muted/30 px-3 py-2 text-xs"
            style={{ color: /^#[0-9A-Fa-f]{6}$/.test(taglineColor) ? taglineColor : undefined }}
            data-testid="tagline-preview"
          >
            {preview || 'The footer is hidden while the tagline is empty.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
