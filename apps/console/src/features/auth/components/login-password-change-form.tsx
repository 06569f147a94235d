import { zodResolver } from '@hookform/resolvers/zod';
import {
  completePasswordChangeFormSchema,
  type CompletePasswordChangeForm,
} from '@patrol/contracts';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useCompletePasswordChange } from '@/features/auth/api/complete-password-change';
import type { LoginOutcome } from '@/features/auth/api/login';
import { FormAlert } from '@/features/auth/components/form-alert';
import { NewPasswordFields } from '@/features/auth/components/new-password-fields';
import {
  authErrorMessages,
  isUnreachable,
  serverMessage,
} from '@/features/auth/lib/auth-error-messages';
import { ApiError } from '@/lib/api-client';

type LoginPasswordChangeFormProps = {
  passwordChangeToken: string;
  onChanged: (outcome: LoginOutcome) => void;
  onBack: () => void;
};

/** A failure the fields do not show: unreachable, busy, expired step, or the server's words. */
function changeErrorMessage(error: unknown): string {
  if (isUnreachable(error)) return authErrorMessages.unreachable;
  if (error instanceof ApiError && error.status === 429) return authErrorMessages.serverBusy;
  return serverMessage(error) ?? authErrorMessages.loginFailed;
}

/**
 * The sign-in step after a temporary password set by a superadmin: a new password of one's own,
 * then the two-factor code as usual.
 */
export function LoginPasswordChangeForm({
  passwordChangeToken,
  onChanged,
  onBack,
}: LoginPasswordChangeFormProps) {
  const change = useCompletePasswordChange();
  const form = useForm<CompletePasswordChangeForm>({
    resolver: zodResolver(completePasswordChangeFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(({ password }) => {
    change.mutate(
      { passwordChangeToken, newPassword: password },
      {
        onSuccess: onChanged,
        onError: (error) => {
          // The server names the new password's field `newPassword`; the form calls it `password`.
          const fieldMessage =
            error instanceof ApiError ? error.fieldErrors.newPassword : undefined;
          if (fieldMessage) form.setError('password', { message: fieldMessage });
        },
      },
    );
  });
  const fieldRefused = change.error instanceof ApiError && change.error.fieldErrors.newPassword;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormAlert tone="info">
        Your administrator set a temporary password for your account. Choose a new password of your
        own to continue.
      </FormAlert>
      <NewPasswordFields
        form={form}
        ids={{ password: 'temporary-new-password', confirm: 'temporary-confirm-password' }}
        labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
      />
      {change.isError && !fieldRefused && (
        <FormAlert tone="error">{changeErrorMessage(change.error)}</FormAlert>
      )}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending && <Loader2 className="animate-spin" />}
        {change.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        <ArrowLeft />
        Back to Login
      </Button>
    </form>
  );
}
