import { zodResolver } from '@hookform/resolvers/zod';
import {
  createUserBodySchema,
  roles,
  updateUserBodySchema,
  type Role,
  type User,
  type UserStatus,
} from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import type { Resolver } from 'react-hook-form';
import { userStatusLabel } from '@/features/users/components/user-badges';

export type UserFormValues = {
  username: string;
  email: string;
  fullName: string;
  role: Role;
  status: UserStatus;
  password: string;
};

export const userFormFields = [
  'username',
  'email',
  'fullName',
  'role',
  'status',
  'password',
] as const;

const emptyValues: UserFormValues = {
  username: '',
  email: '',
  fullName: '',
  role: 'sales',
  status: 'active',
  password: '',
};

export function userFormValuesOf(user: User | null): UserFormValues {
  if (!user) return emptyValues;
  const { username, email, fullName, role, status } = user;
  return { username, email, fullName, role, status, password: '' };
}

// One form for both modes: creating validates the password too, editing has no password field
// (updateUserBodySchema drops it from the parsed values).
export const userFormResolvers = {
  create: zodResolver(createUserBodySchema) as unknown as Resolver<UserFormValues>,
  edit: zodResolver(updateUserBodySchema) as unknown as Resolver<UserFormValues>,
};

/**
 * What saving `values` over `user` does beyond the fields, in words, for the confirmation: a new
 * role replaces the hand-set permissions; suspending or deactivating signs the user out.
 */
export function userChangeConsequences(user: User, values: UserFormValues): string[] {
  return [
    ...(values.role !== user.role
      ? [
          `Their permissions are replaced by those of the ${roleLabel(values.role)} role; individual grants and denials stay.`,
        ]
      : []),
    ...(user.status === 'active' && values.status !== 'active'
      ? [
          `Their account becomes ${userStatusLabel(values.status).toLowerCase()}: they are signed out everywhere and cannot sign in until it is active again.`,
        ]
      : []),
  ];
}

/**
 * What the form offers `actor` for `user` (null when creating), as the API allows: another user's
 * email only to a superadmin (resets are mailed to it), never one's own role or status, and the
 * Admin and superadmin roles only to a superadmin (or kept as the user's own).
 */
export function userFormRules(
  actor: { id?: string; role?: string | null } | null,
  user: User | null,
) {
  const actorIsSuperadmin = actor?.role === 'superadmin';
  return {
    emailLocked: user !== null && !actorIsSuperadmin && user.id !== actor?.id,
    editingSelf: user !== null && user.id === actor?.id,
    offeredRoles: roles.filter(
      (role) =>
        actorIsSuperadmin || (role !== 'Admin' && role !== 'superadmin') || role === user?.role,
    ),
  };
}
