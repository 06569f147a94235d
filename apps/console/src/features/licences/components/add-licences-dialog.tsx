import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLicencesFormSchema,
  defaultValidityDaysByType,
  licenceCountRange,
  licenceTypes,
  type CreateLicencesForm,
  type LicenceType,
} from '@patrol/contracts';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useClientOptions } from '@/features/licences/api/get-client-options';
import { useCreateLicences } from '@/features/licences/api/create-licences';
import { DaysField } from '@/features/licences/components/days-field';
import { FormDialog } from '@/components/form-dialog';
import { addLicencesFailure } from '@/features/licences/lib/licence-messages';

type AddLicencesFormValues = Pick<
  CreateLicencesForm,
  'companyId' | 'count' | 'licenseType' | 'validityPeriodDays'
>;

const resolver = zodResolver(
  createLicencesFormSchema,
) as unknown as Resolver<AddLicencesFormValues>;

function initialValues(companyId: string): AddLicencesFormValues {
  return {
    companyId,
    count: 1,
    licenseType: 'Standard',
    validityPeriodDays: defaultValidityDaysByType.Standard,
  };
}

type AddLicencesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client chosen in advance (the card's own button), or '' to pick one. */
  companyId: string;
  onResult: (tone: 'success' | 'error', message: string) => void;
};

/** Add Licences to Client (spec 1 sections 2.10 and 5). */
export function AddLicencesDialog({
  open,
  onOpenChange,
  companyId,
  onResult,
}: AddLicencesDialogProps) {
  const { register, handleSubmit, reset, setValue, watch, formState } =
    useForm<AddLicencesFormValues>({ resolver, defaultValues: initialValues(companyId) });
  const [clientSearch, setClientSearch] = useState('');
  const clientOptions = useClientOptions(clientSearch.trim(), open);
  const createLicences = useCreateLicences();
  const idPrefix = useId();
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const { errors } = formState;

  useEffect(() => {
    if (open) {
      reset(initialValues(companyId));
      setClientSearch('');
    }
  }, [open, companyId, reset]);

  const validity = watch('validityPeriodDays');
  const typeField = register('licenseType', {
    // Choosing a type sets its default validity: Trial 14, Standard 30, Premium 365 days.
    onChange: (event: { target: { value: string } }) =>
      setValue('validityPeriodDays', defaultValidityDaysByType[event.target.value as LicenceType], {
        shouldValidate: formState.isSubmitted,
      }),
  });

  const submit = handleSubmit(
    async ({ companyId: chosen, count, licenseType, validityPeriodDays }) => {
      try {
        const response = await createLicences.mutateAsync({
          companyId: chosen,
          body: { count, licenseType, validityPeriodDays, features: [] },
        });
        onResult('success', response.message);
        onOpenChange(false);
      } catch (error) {
        onResult('error', addLicencesFailure(error));
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Licences to Client"
      description="Generate new licence keys for a client company."
      onSubmit={submit}
      submitLabel="Add Licences"
      pendingLabel="Adding..."
      pending={createLicences.isPending}
    >
      <FormField id={fieldId('companyId')} label="Client" error={errors.companyId?.message}>
        <Input
          type="search"
          aria-label="Search clients"
          placeholder="Search clients..."
          value={clientSearch}
          onChange={(event) => setClientSearch(event.target.value)}
        />
        <NativeSelect
          {...fieldErrorProps(fieldId('companyId'), errors.companyId?.message)}
          {...register('companyId')}
        >
          <option value="">Please select a client</option>
          {(clientOptions.data ?? []).map((client) => (
            <option key={client.companyId} value={client.companyId}>
              {client.companyName} ({client.companyId})
            </option>
          ))}
          {companyId && !clientOptions.data?.some((client) => client.companyId === companyId) && (
            <option value={companyId}>{companyId}</option>
          )}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={fieldId('count')}
          label="Number of Licences"
          error={errors.count?.message}
          hint={`${licenceCountRange.min} to ${licenceCountRange.max}`}
        >
          <Input
            type="number"
            min={licenceCountRange.min}
            max={licenceCountRange.max}
            {...fieldErrorProps(fieldId('count'), errors.count?.message)}
            {...register('count', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id={fieldId('licenseType')} label="Licence Type">
          <NativeSelect id={fieldId('licenseType')} {...typeField}>
            {licenceTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <DaysField
        id={fieldId('validity')}
        label="Validity Period (days)"
        error={errors.validityPeriodDays?.message}
        registration={register('validityPeriodDays', { valueAsNumber: true })}
        selected={validity}
        onSelect={(days) =>
          setValue('validityPeriodDays', days, { shouldValidate: formState.isSubmitted })
        }
        presetsLabel="Validity presets"
      />
    </FormDialog>
  );
}
