import { zodResolver } from '@hookform/resolvers/zod';
import {
  setTemporaryPasswordBodySchema,
  type SetTemporaryPasswordBody,
  type User,
} from '@patrol/contracts';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField, fieldErrorProps } from '@/components/form-field';
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
import { CopyButton } from '@/components/copy-button';
import { useAccountRecovery } from '@/features/users/api/account-recovery';
import { generateTemporaryPassword } from '@/features/users/lib/temporary-password';
import { showServerFieldErrors } from '@/lib/form-errors';

/**
 * Sets a temporary password on another user's account (superadmin). It is shown in clear with a
 * copy button, since the superadmin passes it on; the user must replace it at the next sign-in.
 */
export function TemporaryPasswordDialog({
  user,
  onClose,
}: {
  user: User | null;
  onClose: () => void;
}) {
  const recovery = useAccountRecovery();
  const form = useForm<SetTemporaryPasswordBody>({
    resolver: zodResolver(setTemporaryPasswordBodySchema),
    defaultValues: { password: '' },
  });
  const { register, handleSubmit, setError, setValue, formState, reset, watch } = form;
  const passwordError = formState.errors.password?.message;
  const name = user ? user.fullName || user.username : '';

  // A fresh suggestion each time the dialog opens for a user.
  useEffect(() => {
    if (user) reset({ password: generateTemporaryPassword() });
  }, [user, reset]);

  const submit = handleSubmit(async ({ password }) => {
    if (!user) return;
    try {
      const { message } = await recovery.mutateAsync({
        userId: user.id,
        action: 'temporary-password',
        body: { password },
      });
      toast.success(message);
      onClose();
    } catch (failure) {
      if (showServerFieldErrors(failure, setError, ['password']) && failure.message)
        toast.error(failure.message);
      else toast.error('Failed to set the temporary password');
    }
  });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !recovery.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set Temporary Password for {name}?</DialogTitle>
          <DialogDescription>
            {name} is signed out everywhere and must choose a new password at the next sign-in. Pass
            this password on in person or by phone, not by email. The audit trail records the
            change, never the password.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            id="temporary-password"
            label="Temporary password"
            error={passwordError}
            hint="At least 8 characters with a lowercase letter, a capital and a digit."
          >
            <div className="flex gap-2">
              <Input
                {...fieldErrorProps('temporary-password', passwordError)}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...register('password')}
              />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Suggest another password"
                onClick={() =>
                  setValue('password', generateTemporaryPassword(), { shouldValidate: true })
                }
              >
                <RefreshCw />
              </Button>
            </div>
          </FormField>
          <div>
            <CopyButton
              text={watch('password')}
              label="Copy Password"
              copiedMessage="Temporary password copied"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={recovery.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={recovery.isPending}>
              {recovery.isPending ? 'Setting...' : 'Set Temporary Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
