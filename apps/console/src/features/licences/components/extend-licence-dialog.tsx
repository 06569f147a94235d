import { zodResolver } from '@hookform/resolvers/zod';
import {
  defaultExtensionDays,
  extendLicenceBodySchema,
  validityDaysRange,
  type ExtendLicenceBody,
  type Licence,
} from '@patrol/contracts';
import { extendedExpiry } from '@patrol/domain';
import { formatBusinessDate } from '@/lib/company-time';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useExtendLicence } from '@/features/licences/api/extend-licence';
import { DaysField } from '@/features/licences/components/days-field';
import { FormDialog } from '@/components/form-dialog';
import {
  licenceActionFailure,
  licenceActionSuccess,
} from '@/features/licences/lib/licence-messages';

const resolver = zodResolver(extendLicenceBodySchema) as unknown as Resolver<ExtendLicenceBody>;

type ExtendLicenceDialogProps = {
  licence: Licence | null;
  onOpenChange: (open: boolean) => void;
  onResult: (tone: 'success' | 'error', message: string) => void;
};

/** Extend Licence: 1 to 1825 days, presets, 30 by default (spec 1 section 5). */
export function ExtendLicenceDialog({ licence, onOpenChange, onResult }: ExtendLicenceDialogProps) {
  const { register, handleSubmit, reset, setValue, watch, formState } = useForm<ExtendLicenceBody>({
    resolver,
    defaultValues: { extensionDays: defaultExtensionDays },
  });
  const extendLicence = useExtendLicence();
  const fieldId = `${useId()}-days`;
  const days = watch('extensionDays');
  const error = formState.errors.extensionDays?.message;

  useEffect(() => {
    if (licence) reset({ extensionDays: defaultExtensionDays });
  }, [licence, reset]);

  const submit = handleSubmit(async (body) => {
    if (!licence) return;
    try {
      const response = await extendLicence.mutateAsync({ licenceKey: licence.key, body });
      onResult('success', licenceActionSuccess('extended', response.message));
      onOpenChange(false);
    } catch (failure) {
      onResult('error', licenceActionFailure('extended', failure));
    }
  });

  const validDays =
    Number.isInteger(days) && days >= validityDaysRange.min && days <= validityDaysRange.max;
  return (
    <FormDialog
      open={licence !== null}
      onOpenChange={onOpenChange}
      title="Extend Licence"
      description={
        <>
          Extend <span className="font-mono">{licence?.key}</span>
          {licence?.validUntil ? `, valid until ${formatBusinessDate(licence.validUntil)}` : ''}.
        </>
      }
      onSubmit={submit}
      submitLabel="Extend Licence"
      pendingLabel="Extending..."
      pending={extendLicence.isPending}
    >
      <DaysField
        id={fieldId}
        label="Extension (days)"
        error={error}
        hint={
          licence && validDays
            ? `New expiry: ${formatBusinessDate(extendedExpiry(licence.validUntil, days, new Date()))}`
            : undefined
        }
        registration={register('extensionDays', { valueAsNumber: true })}
        selected={days}
        onSelect={(value) =>
          setValue('extensionDays', value, { shouldValidate: formState.isSubmitted })
        }
        presetsLabel="Extension presets"
      />
    </FormDialog>
  );
}
