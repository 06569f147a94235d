import { useId } from 'react';
import { useController, useFormContext, type FieldPathByValue } from 'react-hook-form';
import { findMyInvoisCode, type CompanySettings, type MyInvoisCodeTable } from '@patrol/contracts';
import { MyInvoisCodeField } from '@/components/myinvois-code-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { SettingsTextField } from '@/features/settings/components/settings-fields';

type CodePath = FieldPathByValue<CompanySettings, string>;

/** A settings field picked from a MyInvois code table by typing. */
function SettingsCodeField({
  name,
  label,
  table,
  onPicked,
}: {
  name: CodePath;
  label: string;
  table: MyInvoisCodeTable;
  onPicked?: (code: string) => void;
}) {
  const id = useId();
  const { field, fieldState } = useController<CompanySettings, CodePath>({ name });
  const error = fieldState.error?.message;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <MyInvoisCodeField
        id={id}
        table={table}
        value={field.value}
        onChange={(code) => {
          field.onChange(code);
          onPicked?.(code);
        }}
        onBlur={field.onBlur}
        error={error}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const upperCase = (value: string) => value.toUpperCase();

/**
 * The supplier's identity on MyInvois e-invoices. The SST registration number is the one in Tax
 * Configuration; the street, city and postal code are the company address above.
 */
export function EInvoiceSupplierCard() {
  const { getValues, setValue } = useFormContext<CompanySettings>();
  // Picking an MSIC code fills an empty activity description with the table's words.
  const fillActivity = (code: string) => {
    const description = findMyInvoisCode('msic', code)?.description;
    if (description && getValues('eInvoiceSupplier.businessActivityDescription') === '') {
      setValue('eInvoiceSupplier.businessActivityDescription', description, { shouldDirty: true });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>e-Invoicing (MyInvois)</CardTitle>
        <CardDescription>
          The supplier details LHDN checks on every e-invoice. The SST registration number comes
          from Tax Configuration and the address from Address.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <SettingsTextField
          name="eInvoiceSupplier.tin"
          label="TIN"
          sanitize={upperCase}
          maxLength={14}
          placeholder="C20880050010"
        />
        <SettingsTextField
          name="eInvoiceSupplier.brn"
          label="BRN (new SSM number)"
          sanitize={(value) => value.replace(/\D/g, '')}
          maxLength={12}
          placeholder="201901234567"
          hint="The 12-digit registration number SSM gives since 2019."
        />
        <SettingsTextField
          name="eInvoiceSupplier.tourismTaxNumber"
          label="Tourism tax number"
          sanitize={upperCase}
          maxLength={17}
          hint="Optional; leave empty when not registered."
        />
        <SettingsCodeField
          name="eInvoiceSupplier.msicCode"
          label="MSIC code"
          table="msic"
          onPicked={fillActivity}
        />
        <SettingsTextField
          name="eInvoiceSupplier.businessActivityDescription"
          label="Business activity description"
          maxLength={300}
          className="md:col-span-2"
          hint="As the MSIC table words it, e.g. Computer programming activities."
        />
        <SettingsCodeField
          name="eInvoiceSupplier.stateCode"
          label="State (e-invoice code)"
          table="state"
        />
        <SettingsCodeField
          name="eInvoiceSupplier.countryCode"
          label="Country (e-invoice code)"
          table="country"
        />
      </CardContent>
    </Card>
  );
}
