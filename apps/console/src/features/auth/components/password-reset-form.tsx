import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, resetPasswordBodySchema, type ResetPasswordBody } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { FormAlert } from '@/features/auth/components/form-alert';
import { fieldErrorProps, FormField } from '@/components/form-field';
import { authErrorMessages } from '@/features/auth/lib/auth-error-messages';
import { ApiError } from '@/lib/api-client';

/** Only a failure to reach the server is reported; any answer reads as "sent" (no account probing). */
function reachedServer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Password reset request: an email, answered always with the same message. */
export function PasswordResetForm() {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const emailError = form.formState.errors.email?.message;
  const sent = reset.isSuccess || (reset.isError && reachedServer(reset.error));
  const failed = reset.isError && !sent;

  const submit = form.handleSubmit((body) => reset.mutate(body));

  if (sent) return <FormAlert tone="success">{authMessages.resetRequested}</FormAlert>;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Enter the email of your account. If it exists, we send a link to choose a new password; the
        link works once and expires in 30 minutes.
      </p>
      <FormField id="reset-email" label="Email" error={emailError}>
        <Input
          {...fieldErrorProps('reset-email', emailError)}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </FormField>
      {failed && <FormAlert tone="error">{authErrorMessages.resetEmailFailed}</FormAlert>}
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending && <Loader2 className="animate-spin" />}
        {reset.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
