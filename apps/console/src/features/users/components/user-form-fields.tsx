import { newUserPasswordRules, userStatuses, type Role, type User } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { PasswordInput } from '@/components/password-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { userStatusLabel } from '@/features/users/components/user-badges';
import type { UserFormValues } from '@/features/users/lib/user-form';

type FieldName = keyof UserFormValues;

/** A field's id, its error (if any) and the aria-describedby that names the error. */
function useField(name: FieldName) {
  const id = `${useId()}-${name}`;
  const { register, formState } = useFormContext<UserFormValues>();
  const message = formState.errors[name]?.message;
  const error = message ? (
    <p id={`${id}-error`} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
  return { id, error, errorId: message ? `${id}-error` : undefined, register };
}

/** A text field of the user form, with its label and the server's or the schema's message. */
export function UserTextField({
  name,
  label,
  hint,
  ...inputProps
}: { name: FieldName; label: string; hint?: ReactNode } & ComponentProps<typeof Input>) {
  const { id, error, errorId, register } = useField(name);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={!!errorId}
        aria-describedby={errorId}
        {...inputProps}
        {...register(name)}
      />
      {error ?? hint}
    </div>
  );
}

/** The new user's password, with the rules it must meet (an error takes the rules' place). */
export function UserPasswordField() {
  const { id, error, errorId, register } = useField('password');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Password</Label>
      <PasswordInput
        id={id}
        autoComplete="new-password"
        aria-invalid={!!errorId}
        aria-describedby={errorId ?? `${id}-rules`}
        {...register('password')}
      />
      {error ?? (
        <ul id={`${id}-rules`} className="list-disc pl-5 text-xs text-muted-foreground">
          {newUserPasswordRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Role (only `offeredRoles`) and status selects. */
export function UserRoleStatusFields({ offeredRoles }: { offeredRoles: readonly Role[] }) {
  const role = useField('role');
  const status = useField('status');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={role.id}>Role</Label>
        <NativeSelect id={role.id} {...role.register('role')}>
          {offeredRoles.map((value) => (
            <option key={value} value={value}>
              {roleLabel(value)}
            </option>
          ))}
        </NativeSelect>
        {role.error}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={status.id}>Status</Label>
        <NativeSelect id={status.id} {...status.register('status')}>
          {userStatuses.map((value) => (
            <option key={value} value={value}>
              {userStatusLabel(value)}
            </option>
          ))}
        </NativeSelect>
        {status.error}
      </div>
    </div>
  );
}

/** Email, read-only with a note when the signed-in user may not change it. */
export function UserEmailField({ locked }: { locked: boolean }) {
  return (
    <UserTextField
      name="email"
      label="Email"
      type="email"
      autoComplete="off"
      readOnly={locked}
      hint={
        locked && (
          <p className="text-xs text-muted-foreground">
            Only a superadmin can change another user&apos;s email address.
          </p>
        )
      }
    />
  );
}

/**
 * Role and status: the fields, or for one's own account a note that another administrator
 * changes them; and, when the role changes, what saving does to the permissions.
 */
export function UserAccessFields({
  self,
  offeredRoles,
  newRole,
}: {
  /** The account being edited when it is the signed-in user's own, else null. */
  self: Pick<User, 'role' | 'status'> | null;
  offeredRoles: readonly Role[];
  newRole: Role | null;
}) {
  if (self) {
    return (
      <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        Your role ({roleLabel(self.role)}) and status ({userStatusLabel(self.status)}) can only be
        changed by another administrator.
      </p>
    );
  }
  return (
    <>
      <UserRoleStatusFields offeredRoles={offeredRoles} />
      {newRole && (
        <p className="text-xs text-muted-foreground">
          Saving gives this user the permissions of the {roleLabel(newRole)} role in place of their
          current ones.
        </p>
      )}
    </>
  );
}
