import type { User } from '@patrol/contracts';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { UserChangeConfirm } from '@/features/users/components/user-change-confirm';
import {
  UserAccessFields,
  UserEmailField,
  UserPasswordField,
  UserTextField,
} from '@/features/users/components/user-form-fields';
import {
  userFormResolvers,
  userFormRules,
  userFormValuesOf,
  type UserFormValues,
} from '@/features/users/lib/user-form';
import { useSaveUser } from '@/features/users/lib/use-save-user';
import { useAuth } from '@/lib/auth';

type UserFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user to edit, or null to create one. */
  user: User | null;
};

/** Add or edit a staff user (spec 2 section 2.1); the password exists only when creating. */
export function UserFormDialog({ open, onOpenChange, user }: UserFormDialogProps) {
  const isCreate = user === null;
  const { user: actor } = useAuth();
  const { emailLocked, editingSelf, offeredRoles } = userFormRules(actor, user);
  const [confirming, setConfirming] = useState<UserFormValues | null>(null);
  const form = useForm<UserFormValues>({
    resolver: userFormResolvers[isCreate ? 'create' : 'edit'],
    defaultValues: userFormValuesOf(user),
  });
  const { handleSubmit, reset } = form;
  const { saveUser, pending } = useSaveUser(user, form.setError);

  useEffect(() => {
    if (open) reset(userFormValuesOf(user));
  }, [open, user, reset]);

  const save = (values: UserFormValues) =>
    saveUser(values).then((saved) => {
      setConfirming(null);
      if (saved) onOpenChange(false);
    });

  const roleChoice = form.watch('role');
  const roleChanges = !isCreate && roleChoice !== user.role;
  // A new role replaces the hand-set permissions; suspending or deactivating signs the user out.
  const onSubmit = handleSubmit(async (values) => {
    const signsOut = !isCreate && user.status === 'active' && values.status !== 'active';
    if (roleChanges || signsOut) setConfirming(values);
    else await save(values);
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isCreate ? 'Add User' : 'Edit User'}</DialogTitle>
          <DialogDescription>
            {isCreate
              ? 'The new user starts with the permissions of the chosen role.'
              : `Update the account details of ${user.fullName || user.username}.`}
          </DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <UserTextField name="fullName" label="Full Name" autoComplete="name" />
              <UserTextField name="username" label="Username" autoComplete="off" />
            </div>
            <UserEmailField locked={emailLocked} />
            {isCreate && <UserPasswordField />}
            <UserAccessFields
              self={editingSelf ? user : null}
              offeredRoles={offeredRoles}
              newRole={roleChanges ? roleChoice : null}
            />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                onClick={() => onOpenChange(false)}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : isCreate ? 'Create User' : 'Save Changes'}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
        <UserChangeConfirm
          user={user}
          values={confirming}
          pending={pending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => confirming && void save(confirming)}
        />
      </DialogContent>
    </Dialog>
  );
}
