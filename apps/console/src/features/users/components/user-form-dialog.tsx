import { roles, type User } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
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
import { userStatusLabel } from '@/features/users/components/user-badges';
import { UserChangeConfirm } from '@/features/users/components/user-change-confirm';
import {
  UserPasswordField,
  UserRoleStatusFields,
  UserTextField,
} from '@/features/users/components/user-form-fields';
import {
  userFormResolvers,
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
  // The API keeps these to superadmins (password resets are mailed to the address).
  const actorIsSuperadmin = actor?.role === 'superadmin';
  const emailLocked = !isCreate && !actorIsSuperadmin && user.id !== actor?.id;
  // The API refuses a change to one's own role or status, so the form does not offer it.
  const editingSelf = !isCreate && user.id === actor?.id;
  const [confirming, setConfirming] = useState<UserFormValues | null>(null);
  const offeredRoles = roles.filter(
    (role) =>
      actorIsSuperadmin || (role !== 'Admin' && role !== 'superadmin') || role === user?.role,
  );
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
            <UserTextField
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              readOnly={emailLocked}
              hint={
                emailLocked && (
                  <p className="text-xs text-muted-foreground">
                    Only a superadmin can change another user&apos;s email address.
                  </p>
                )
              }
            />
            {isCreate && <UserPasswordField />}
            {editingSelf ? (
              <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
                Your role ({roleLabel(user.role)}) and status ({userStatusLabel(user.status)}) can
                only be changed by another administrator.
              </p>
            ) : (
              <UserRoleStatusFields offeredRoles={offeredRoles} />
            )}
            {roleChanges && !editingSelf && (
              <p className="text-xs text-muted-foreground">
                Saving gives this user the permissions of the {roleLabel(roleChoice)} role in place
                of their current ones.
              </p>
            )}
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
