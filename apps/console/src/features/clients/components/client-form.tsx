import { zodResolver } from '@hookform/resolvers/zod';
import {
  createClientBodySchema,
  emptyClientEInvoice,
  updateClientBodySchema,
  type Client,
  type CreateClientBody,
} from '@patrol/contracts';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormField, fieldErrorProps } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ClientEInvoiceSection } from '@/features/clients/components/client-einvoice-section';
import { showServerFieldErrors } from '@/lib/form-errors';

export type ClientFormValues = CreateClientBody;

const formFields = [
  'companyId',
  'companyName',
  'contactPerson',
  'email',
  'phone',
  'address',
] as const satisfies readonly (keyof ClientFormValues)[];

const emptyValues: ClientFormValues = {
  companyId: '',
  companyName: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  eInvoice: emptyClientEInvoice,
};

// Editing validates without companyId, which is read-only there (spec 1 section 5).
const resolvers = {
  add: zodResolver(createClientBodySchema) as unknown as Resolver<ClientFormValues>,
  edit: zodResolver(updateClientBodySchema) as unknown as Resolver<ClientFormValues>,
};

/** The form's values for an existing client. */
export function clientFormValues(client: Client): ClientFormValues {
  const { companyId, companyName, contactPerson, email, phone, address, eInvoice } = client;
  return { companyId, companyName, contactPerson, email, phone, address, eInvoice };
}

type ClientFormProps = {
  mode: 'add' | 'edit';
  initialValues?: ClientFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Saves the parsed values; a rejected ApiError's field errors are put under the fields. */
  onSubmit: (values: ClientFormValues) => Promise<void>;
  /** Locks the form after success, while the page returns to the list. */
  locked?: boolean;
};

/** The add and edit client form (spec 1 section 2.8), validated with the contract schema. */
export function ClientForm({
  mode,
  initialValues = emptyValues,
  submitLabel,
  pendingLabel,
  onSubmit,
  locked = false,
}: ClientFormProps) {
  const { control, register, handleSubmit, setError, formState } = useForm<ClientFormValues>({
    resolver: resolvers[mode],
    defaultValues: initialValues,
  });
  const { errors, isSubmitting } = formState;
  const idPrefix = useId();
  const fieldId = (name: keyof ClientFormValues) => `${idPrefix}-${name}`;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(mode === 'edit' ? { ...values, companyId: initialValues.companyId } : values);
    } catch (error) {
      showServerFieldErrors(error, setError, formFields);
      throw error;
    }
  });

  const field = (name: Exclude<keyof ClientFormValues, 'eInvoice'>) => ({
    ...fieldErrorProps(fieldId(name), errors[name]?.message),
    ...register(name),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The page shows the failure; the rejection only stops the success path.
        submit(event).catch(() => undefined);
      }}
      className="grid gap-5"
    >
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          id={fieldId('companyId')}
          label="Company ID"
          error={errors.companyId?.message}
          hint={
            mode === 'edit'
              ? 'The company ID cannot be changed.'
              : 'Letters, numbers, hyphens and underscores, e.g. ACME-001'
          }
        >
          <Input
            {...field('companyId')}
            readOnly={mode === 'edit'}
            className={mode === 'edit' ? 'bg-muted text-muted-foreground' : undefined}
            autoComplete="off"
          />
        </FormField>
        <FormField
          id={fieldId('companyName')}
          label="Company Name"
          error={errors.companyName?.message}
        >
          <Input {...field('companyName')} autoComplete="organization" />
        </FormField>
        <FormField
          id={fieldId('contactPerson')}
          label="Contact Person"
          error={errors.contactPerson?.message}
        >
          <Input {...field('contactPerson')} autoComplete="name" />
        </FormField>
        <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
          <Input {...field('email')} type="email" autoComplete="email" />
        </FormField>
        <FormField id={fieldId('phone')} label="Phone Number" error={errors.phone?.message}>
          <Input {...field('phone')} type="tel" autoComplete="tel" />
        </FormField>
      </div>
      <FormField id={fieldId('address')} label="Address" error={errors.address?.message}>
        <Textarea {...field('address')} rows={3} autoComplete="street-address" />
      </FormField>
      <ClientEInvoiceSection control={control} register={register} errors={errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || locked}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
