import { zodResolver } from '@hookform/resolvers/zod';
import {
  createUserBodySchema,
  newUserPasswordRules,
  roles,
  updateUserBodySchema,
  userStatuses,
  type Role,
  type User,
  type UserStatus,
} from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { useEffect, useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
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
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateUser } from '@/features/users/api/create-user';
import { useUpdateUser } from '@/features/users/api/update-user';
import { PasswordInput } from '@/components/password-input';
import { userStatusLabel } from '@/features/users/components/user-badges';
import { useAuth } from '@/lib/auth';
import { showServerFieldErrors } from '@/lib/form-errors';

type UserFormValues = {
  username: string;
  email: string;
  fullName: string;
  role: Role;
  status: UserStatus;
  password: string;
};

const formFields = ['username', 'email', 'fullName', 'role', 'status', 'password'] as const;

const emptyValues: UserFormValues = {
  username: '',
  email: '',
  fullName: '',
  role: 'sales',
  status: 'active',
  password: '',
};

function valuesOf(user: User | null): UserFormValues {
  if (!user) return emptyValues;
  const { username, email, fullName, role, status } = user;
  return { username, email, fullName, role, status, password: '' };
}

// One form for both modes: creating validates the password too, editing has no password field
// (updateUserBodySchema drops it from the parsed values).
const resolvers = {
  create: zodResolver(createUserBodySchema) as unknown as Resolver<UserFormValues>,
  edit: zodResolver(updateUserBodySchema) as unknown as Resolver<UserFormValues>,
};

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
    resolver: resolvers[isCreate ? 'create' : 'edit'],
    defaultValues: valuesOf(user),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const pending = createUser.isPending || updateUser.isPending;
  const idPrefix = useId();
  const fieldId = (name: keyof UserFormValues) => `${idPrefix}-${name}`;

  useEffect(() => {
    if (open) reset(valuesOf(user));
  }, [open, user, reset]);

  const showServerError = (error: unknown) => {
    const fromServer = showServerFieldErrors(error, setError, formFields);
    toast.error((fromServer && error.message) || 'Failed to save user');
  };

  const save = async (values: UserFormValues) => {
    try {
      if (isCreate) {
        await createUser.mutateAsync(values);
        toast.success('User created successfully');
      } else {
        const { username, email, fullName, role, status } = values;
        await updateUser.mutateAsync({
          userId: user.id,
          body: { username, email, fullName, role, status },
        });
        toast.success('User updated successfully');
      }
      setConfirming(null);
      onOpenChange(false);
    } catch (error) {
      setConfirming(null);
      showServerError(error);
    }
  };

  const roleChoice = form.watch('role');
  const roleChanges = !isCreate && roleChoice !== user.role;
  // A new role replaces the hand-set permissions; suspending or deactivating signs the user out.
  const onSubmit = handleSubmit(async (values) => {
    const signsOut = !isCreate && user.status === 'active' && values.status !== 'active';
    if (roleChanges || signsOut) setConfirming(values);
    else await save(values);
  });
  const consequences = confirming &&
    !isCreate && [
      ...(confirming.role !== user.role
        ? [
            `Their permissions are replaced by those of the ${roleLabel(confirming.role)} role; individual grants and denials stay.`,
          ]
        : []),
      ...(user.status === 'active' && confirming.status !== 'active'
        ? [
            `Their account becomes ${userStatusLabel(confirming.status).toLowerCase()}: they are signed out everywhere and cannot sign in until it is active again.`,
          ]
        : []),
    ];

  const fieldError = (name: keyof UserFormValues) => {
    const message = formState.errors[name]?.message;
    return message ? (
      <p id={`${fieldId(name)}-error`} className="text-sm text-destructive">
        {message}
      </p>
    ) : null;
  };
  const describedBy = (name: keyof UserFormValues) =>
    formState.errors[name] ? `${fieldId(name)}-error` : undefined;

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
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={fieldId('fullName')}>Full Name</Label>
              <Input
                id={fieldId('fullName')}
                autoComplete="name"
                aria-invalid={!!formState.errors.fullName}
                aria-describedby={describedBy('fullName')}
                {...register('fullName')}
              />
              {fieldError('fullName')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={fieldId('username')}>Username</Label>
              <Input
                id={fieldId('username')}
                autoComplete="off"
                aria-invalid={!!formState.errors.username}
                aria-describedby={describedBy('username')}
                {...register('username')}
              />
              {fieldError('username')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId('email')}>Email</Label>
            <Input
              id={fieldId('email')}
              type="email"
              autoComplete="off"
              readOnly={emailLocked}
              aria-invalid={!!formState.errors.email}
              aria-describedby={describedBy('email')}
              {...register('email')}
            />
            {fieldError('email') ??
              (emailLocked && (
                <p className="text-xs text-muted-foreground">
                  Only a superadmin can change another user&apos;s email address.
                </p>
              ))}
          </div>
          {isCreate && (
            <div className="grid gap-2">
              <Label htmlFor={fieldId('password')}>Password</Label>
              <PasswordInput
                id={fieldId('password')}
                autoComplete="new-password"
                aria-invalid={!!formState.errors.password}
                aria-describedby={describedBy('password') ?? `${fieldId('password')}-rules`}
                {...register('password')}
              />
              {/* An error about the password takes the rules' place. */}
              {fieldError('password') ?? (
                <ul
                  id={`${fieldId('password')}-rules`}
                  className="list-disc pl-5 text-xs text-muted-foreground"
                >
                  {newUserPasswordRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {editingSelf ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              Your role ({roleLabel(user.role)}) and status ({userStatusLabel(user.status)}) can
              only be changed by another administrator.
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={fieldId('role')}>Role</Label>
                <NativeSelect id={fieldId('role')} {...register('role')}>
                  {offeredRoles.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(role)}
                    </option>
                  ))}
                </NativeSelect>
                {fieldError('role')}
              </div>
              <div className="grid gap-2">
                <Label htmlFor={fieldId('status')}>Status</Label>
                <NativeSelect id={fieldId('status')} {...register('status')}>
                  {userStatuses.map((status) => (
                    <option key={status} value={status}>
                      {userStatusLabel(status)}
                    </option>
                  ))}
                </NativeSelect>
                {fieldError('status')}
              </div>
            </div>
          )}
          {roleChanges && !editingSelf && (
            <p className="text-xs text-muted-foreground">
              Saving gives this user the permissions of the {roleLabel(roleChoice)} role in place of
              their current ones.
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
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(next) => !next && setConfirming(null)}
          title={`Save changes to ${user?.fullName || user?.username}?`}
          description={
            <span className="grid gap-2">
              {(consequences || []).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </span>
          }
          confirmLabel="Save Changes"
          destructive={confirming !== null && confirming.status !== 'active'}
          pending={pending}
          onConfirm={() => confirming && void save(confirming)}
        />
      </DialogContent>
    </Dialog>
  );
}
