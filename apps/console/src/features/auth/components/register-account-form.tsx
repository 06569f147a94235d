import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema, type RegisterForm } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useRegister, type TwoFactorSetupData } from '@/features/auth/api/register';
import { FormAlert } from '@/features/auth/components/form-alert';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { authErrorMessages, serverMessage } from '@/features/auth/lib/auth-error-messages';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';

const fields = ['name', 'email', 'password', 'confirmPassword'] as const;

function registrationErrorMessage(error: unknown): string {
  // 409: an administrator already exists; the server says so and where to go instead.
  if (error instanceof ApiError && error.status === 409) {
    return serverMessage(error) ?? authErrorMessages.registrationFailed;
  }
  return authErrorMessages.registrationFailed;
}

/** Step 1 of first-time setup: the system administrator's name, email and password. */
export function RegisterAccountForm({
  onRegistered,
}: {
  onRegistered: (setup: TwoFactorSetupData) => void;
}) {
  const registration = useRegister();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name, email, password }) => {
    registration.mutate(
      { name, email, password },
      {
        onSuccess: onRegistered,
        onError: (error) => showServerFieldErrors(error, form.setError, fields),
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormField id="register-name" label="Full Name" error={errors.name?.message}>
        <Input
          {...fieldErrorProps('register-name', errors.name?.message)}
          autoComplete="name"
          {...form.register('name')}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldErrorProps('register-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="admin@company.com"
          {...form.register('email')}
        />
      </FormField>
      <NewPasswordFields
        form={form}
        ids={{ password: 'register-password', confirm: 'register-confirm-password' }}
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
      />
      {registration.isError && (
        <FormAlert tone="error">{registrationErrorMessage(registration.error)}</FormAlert>
      )}
      <Button type="submit" disabled={registration.isPending}>
        {registration.isPending && <Loader2 className="animate-spin" />}
        {registration.isPending ? 'Creating account...' : 'Create Administrator'}
      </Button>
    </form>
  );
}
