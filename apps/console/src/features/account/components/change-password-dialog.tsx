import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, type ChangePasswordBody } from '@patrol/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useChangePassword } from '@/features/account/api/own-account';
import { useAuth } from '@/lib/auth';
import { showServerFieldErrors } from '@/lib/form-errors';

const fields = ['currentPassword', 'newPassword', 'code'] as const;

/** Change one's own password: the current one and a fresh code; then sign in again. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '', code: '' },
  });
  const { register, handleSubmit, setError, formState, reset } = form;
  const error = (name: (typeof fields)[number]) => formState.errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(message);
      onOpenChange(false);
      reset();
      signOut();
      void navigate('/login', { replace: true });
    } catch (failure) {
      if (showServerFieldErrors(failure, setError, fields) && failure.message)
        toast.error(failure.message);
      else toast.error('Failed to change the password');
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !change.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Every session ends afterwards, this one too: sign in again with the new password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            id="current-password"
            label="Current password"
            error={error('currentPassword')}
          >
            <PasswordInput
              id="current-password"
              autoComplete="current-password"
              {...register('currentPassword')}
            />
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            error={error('newPassword')}
            hint="At least 8 characters with a lowercase letter, a capital and a digit."
          >
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              {...register('newPassword')}
            />
          </FormField>
          <FormField id="change-code" label="Code from your authenticator" error={error('code')}>
            <Input
              id="change-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              {...register('code')}
            />
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={change.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
