import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordFormSchema, type SetPasswordForm } from '@patrol/contracts';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useSetPassword } from '@/features/auth/api/set-password';
import { FormAlert } from '@/features/auth/components/form-alert';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import { authErrorMessages, recoveryErrorMessage } from '@/features/auth/lib/auth-error-messages';
import { useRedirectAfter } from '@/features/auth/lib/use-redirect-after';

const redirectDelayMs = 3_000;

/** The new password for a reset link's `token`; back to /login 3 s after it is set. */
export function SetNewPasswordForm({ token }: { token: string }) {
  const setPassword = useSetPassword();
  const form = useForm<SetPasswordForm>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  useRedirectAfter(setPassword.isSuccess, '/login', redirectDelayMs);

  const submit = form.handleSubmit(({ password }) => setPassword.mutate({ token, password }));

  if (setPassword.isSuccess) {
    return (
      <FormAlert tone="success">
        <p>{setPassword.data.message}</p>
        <p className="text-muted-foreground">Redirecting to sign in...</p>
      </FormAlert>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <NewPasswordFields
        form={form}
        ids={{ password: 'new-password', confirm: 'confirm-new-password' }}
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
      />
      {(setPassword.isError || errors.token) && (
        <FormAlert tone="error">
          {errors.token?.message ??
            recoveryErrorMessage(setPassword.error, authErrorMessages.resetFailed)}
        </FormAlert>
      )}
      <Button type="submit" disabled={setPassword.isPending}>
        {setPassword.isPending && <Loader2 className="animate-spin" />}
        {setPassword.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
