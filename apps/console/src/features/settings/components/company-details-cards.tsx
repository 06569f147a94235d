import { sstPercentageRange, taxTypeLabels, taxTypes } from '@patrol/contracts';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { CompanySettings } from '@patrol/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  SettingsNumberField,
  SettingsTextField,
} from '@/features/settings/components/settings-fields';
import {
  normalisedTextInput,
  postalCodeInput,
  sstPercentageInput,
} from '@/features/settings/lib/settings-input-rules';

/** Street, city, state, postal code and country. */
export function AddressCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Address</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SettingsTextField
          name="address.street"
          label="Street"
          sanitize={normalisedTextInput}
          maxLength={300}
          className="md:col-span-2"
        />
        <SettingsTextField
          name="address.city"
          label="City"
          sanitize={normalisedTextInput}
          maxLength={100}
        />
        <SettingsTextField
          name="address.state"
          label="State"
          sanitize={normalisedTextInput}
          maxLength={100}
        />
        <SettingsTextField
          name="address.postalCode"
          label="Postal Code"
          sanitize={postalCodeInput}
          maxLength={20}
        />
        <SettingsTextField
          name="address.country"
          label="Country"
          sanitize={normalisedTextInput}
          maxLength={100}
        />
      </CardContent>
    </Card>
  );
}

/** The bank account printed on invoices. */
export function BankDetailsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Bank Details</CardTitle>
        <CardDescription>Printed on invoices for payment.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SettingsTextField
          name="bankDetails.bankName"
          label="Bank Name"
          sanitize={normalisedTextInput}
          maxLength={100}
        />
        <SettingsTextField name="bankDetails.accountNumber" label="Account Number" maxLength={50} />
        <SettingsTextField
          name="bankDetails.accountName"
          label="Account Name"
          sanitize={normalisedTextInput}
          maxLength={100}
          className="md:col-span-2"
        />
      </CardContent>
    </Card>
  );
}

/** The SST rates, the default tax type of typed lines and the SST registration number. */
export function TaxCard() {
  const id = useId();
  const { register } = useFormContext<CompanySettings>();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tax Configuration</CardTitle>
        <CardDescription>
          Applied to lines as quotations are saved; issued documents keep their rates.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SettingsNumberField
          name="taxSettings.sstPercentage"
          label="SST Service Tax (%)"
          parse={sstPercentageInput}
          min={sstPercentageRange.min}
          max={sstPercentageRange.max}
          step={sstPercentageRange.step}
        />
        <SettingsNumberField
          name="taxSettings.salesTaxPercentage"
          label="SST Sales Tax (%)"
          parse={sstPercentageInput}
          min={sstPercentageRange.min}
          max={sstPercentageRange.max}
          step={sstPercentageRange.step}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor={id}>Default Tax Type</Label>
          <NativeSelect id={id} {...register('taxSettings.defaultTaxType')}>
            {taxTypes.map((type) => (
              <option key={type} value={type}>
                {taxTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <SettingsTextField
          name="taxSettings.sstRegistrationNumber"
          label="SST Registration Number"
          sanitize={(value) => value.toUpperCase()}
          maxLength={17}
          placeholder="W10-1808-31012345"
          hint="Printed on quotations, invoices and receipts; leave empty when not registered."
        />
      </CardContent>
    </Card>
  );
}
