import { zodResolver } from '@hookform/resolvers/zod';
import { bindLicenceBodySchema, type Licence } from '@patrol/contracts';
import { useEffect, useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { useBindLicence } from '@/features/licences/api/bind-licence';
import { FormDialog } from '@/components/form-dialog';
import {
  licenceActionFailure,
  licenceActionSuccess,
} from '@/features/licences/lib/licence-messages';
import { showServerFieldErrors } from '@/lib/form-errors';

type BindFormValues = { deviceId: string; projectName: string };

const bindFormSchema = bindLicenceBodySchema.pick({ deviceId: true, projectName: true });
const resolver = zodResolver(bindFormSchema) as unknown as Resolver<BindFormValues>;
const emptyValues: BindFormValues = { deviceId: '', projectName: '' };

type BindLicenceDialogProps = {
  licence: Licence | null;
  onOpenChange: (open: boolean) => void;
  onResult: (tone: 'success' | 'error', message: string) => void;
};

/** Bind Licence: ties an available licence to a device and project (spec 1 section 5 "Bind"). */
export function BindLicenceDialog({ licence, onOpenChange, onResult }: BindLicenceDialogProps) {
  const { register, handleSubmit, reset, setError, formState } = useForm<BindFormValues>({
    resolver,
    defaultValues: emptyValues,
  });
  const bindLicence = useBindLicence();
  const idPrefix = useId();
  const { errors } = formState;

  useEffect(() => {
    if (licence) reset(emptyValues);
  }, [licence, reset]);

  const submit = handleSubmit(async (values) => {
    if (!licence) return;
    try {
      const response = await bindLicence.mutateAsync({ licenceKey: licence.key, ...values });
      onResult('success', licenceActionSuccess('bound', response.message));
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, setError, ['deviceId', 'projectName']);
      onResult('error', licenceActionFailure('bound', error));
    }
  });

  const deviceIdField = `${idPrefix}-deviceId`;
  const projectField = `${idPrefix}-projectName`;
  return (
    <FormDialog
      open={licence !== null}
      onOpenChange={onOpenChange}
      title="Bind Licence"
      description={
        <>
          Bind <span className="font-mono">{licence?.key}</span> to a patrol device.
        </>
      }
      onSubmit={submit}
      submitLabel="Bind Licence"
      pendingLabel="Binding..."
      pending={bindLicence.isPending}
    >
      <FormField
        id={deviceIdField}
        label="Device ID"
        error={errors.deviceId?.message}
        hint="MPDID-{12 uppercase letters or digits}-{project name}"
      >
        <Input
          {...fieldErrorProps(deviceIdField, errors.deviceId?.message)}
          {...register('deviceId')}
          placeholder="MPDID-A1B2C3D4E5F6-Site One"
          autoComplete="off"
          className="font-mono"
        />
      </FormField>
      <FormField
        id={projectField}
        label="Project Name"
        error={errors.projectName?.message}
        hint="Letters, numbers and spaces, at most 25 characters"
      >
        <Input
          {...fieldErrorProps(projectField, errors.projectName?.message)}
          {...register('projectName')}
          autoComplete="off"
        />
      </FormField>
    </FormDialog>
  );
}
