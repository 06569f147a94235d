import { z } from 'zod';
import {
  emailField,
  idSchema,
  isoDateTimeSchema,
  messageResponseSchema,
  requiredString,
  successResponse,
} from './fields';
import { pageSizes, passwordMinLength } from './limits';
import { listQuerySchema, paginationSchema } from './pagination';
import { customPermissionsSchema, permissionSchema, roleSchema } from './permissions';

/** User account states (spec 2 section 4), set freely from the user form. */
export const userStatuses = ['active', 'inactive', 'suspended'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The user form's messages (spec 2 section 5). */
export const userMessages = {
  fullNameRequired: 'Full name is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required for new users',
  passwordTooShort: `Password must be at least ${passwordMinLength.newUser} characters long`,
  passwordTooLong: 'Password must be 128 characters or less',
} as const;

/** What a new user's password must be, as the Add User dialog states it before any error. */
export const newUserPasswordRules = [userMessages.passwordTooShort, userMessages.passwordTooLong];

/** A staff account as the API presents it (never its password hash or 2FA secret). */
export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  /** Time of the last successful sign-in; null when the user never signed in ("Never"). */
  lastLogin: isoDateTimeSchema.nullable(),
  /** Whether the account has finished setting up two-factor authentication. */
  twoFactorEnabled: z.boolean(),
  /** Signed in with a temporary password set by a superadmin: a new one is asked for first. */
  mustChangePassword: z.boolean(),
  /** The permissions stored on the user (a role template, possibly edited). */
  permissions: z.array(permissionSchema),
  /** Per-user overrides on top of `permissions`; denied wins. */
  customPermissions: customPermissionsSchema,
  createdAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

/** The user kept in browser storage after sign-in; enough for the shell and permission checks. */
export const sessionUserSchema = userSchema.pick({
  id: true,
  username: true,
  email: true,
  fullName: true,
  role: true,
  status: true,
  permissions: true,
  customPermissions: true,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const userFormShape = {
  username: requiredString(userMessages.usernameRequired, { max: 50, label: 'Username' }),
  email: emailField(),
  fullName: requiredString(userMessages.fullNameRequired, { max: 100, label: 'Full name' }),
  role: roleSchema,
  status: userStatusSchema,
};

/** POST /api/users (superadmin only). */
export const createUserBodySchema = z.object({
  ...userFormShape,
  password: z
    .string({ error: userMessages.passwordRequired })
    .min(1, { error: userMessages.passwordRequired, abort: true })
    .min(passwordMinLength.newUser, userMessages.passwordTooShort)
    .max(128, userMessages.passwordTooLong),
  status: userStatusSchema.default('active'),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** PUT /api/users/{id} with the user form: the same fields without the password. */
export const updateUserBodySchema = z.object(userFormShape);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/**
 * PUT /api/users/{id} from the permission dialog: the full set of checked permissions. The API
 * tells this body from the user form's by the presence of `permissions`.
 */
export const updateUserPermissionsBodySchema = z.object({
  permissions: z.array(permissionSchema),
  /** Per-user overrides; omitted, the stored overrides are cleared. */
  customPermissions: customPermissionsSchema.optional(),
});
export type UpdateUserPermissionsBody = z.infer<typeof updateUserPermissionsBodySchema>;

/** GET /api/users query. */
export const listUsersQuerySchema = listQuerySchema({
  sortFields: ['fullName', 'username', 'email', 'role', 'status', 'lastLogin', 'createdAt'],
  defaultSort: 'createdAt',
  defaultLimit: pageSizes.users,
}).extend({
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** GET /api/users: the console reads data.users. */
export const listUsersResponseSchema = successResponse({
  data: z.object({ users: z.array(userSchema), pagination: paginationSchema }),
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

/** GET /api/users/{id}, POST /api/users and PUT /api/users/{id}. */
export const userResponseSchema = successResponse({
  message: z.string().optional(),
  data: z.object({ user: userSchema }),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** GET /api/users/{id}/permissions: data.permissions.effectivePermissions is what the dialog re-reads. */
export const userPermissionsResponseSchema = successResponse({
  data: z.object({
    permissions: z.object({
      role: roleSchema,
      permissions: z.array(permissionSchema),
      customPermissions: customPermissionsSchema,
      /** The permissions the user actually holds after the role and overrides are applied. */
      effectivePermissions: z.array(permissionSchema),
    }),
  }),
});
export type UserPermissionsResponse = z.infer<typeof userPermissionsResponseSchema>;

/** DELETE /api/users/{id}. */
export const deleteUserResponseSchema = messageResponseSchema;
