import {
  messageResponseSchema,
  createUserBodySchema,
  setTemporaryPasswordBodySchema,
  deleteUserResponseSchema,
  idSchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  updateUserBodySchema,
  updateUserPermissionsBodySchema,
  userPermissionsResponseSchema,
  userResponseSchema,
  type UpdateUserBody,
} from '@patrol/contracts';
import { hasPermission } from '@patrol/domain';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { forbidden } from '../../http/app-error';
import { defineRoute } from '../../http/route';
import {
  accountRecoveryMessages,
  resetUserTwoFactor,
  sendPasswordReset,
  setTemporaryPassword,
} from './account-recovery.service';
import {
  createUser,
  deleteUser,
  getUserPermissions,
  listUsers,
  updateUserPermissions,
  updateUserProfile,
  userRuleMessages,
  type UserPermissionsChange,
} from './users.service';

const tags = ['users'];
const userIdParamsSchema = z.object({ id: idSchema });

type UpdateUserRequest =
  | { kind: 'profile'; body: UpdateUserBody }
  | { kind: 'permissions'; change: UserPermissionsChange };

function carriesPermissions(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'permissions' in body;
}

/**
 * PUT /api/users/{id} takes two bodies (spec 2 section 7): the permission dialog's, told apart by
 * its `permissions` field, or the user form's. Each is parsed by its own schema so that the form
 * gets its per-field messages rather than a union's.
 */
const updateUserRequestSchema = z
  .unknown()
  .transform((value, ctx): UpdateUserRequest => {
    const permissions = carriesPermissions(value);
    const result = (permissions ? updateUserPermissionsBodySchema : updateUserBodySchema).safeParse(
      value,
    );
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: value });
      }
      return z.NEVER;
    }
    return permissions
      ? { kind: 'permissions', change: result.data as UserPermissionsChange }
      : { kind: 'profile', body: result.data as UpdateUserBody };
  })
  .meta({
    description:
      'Either the user form or, from the permission dialog, { permissions, customPermissions? }.',
    anyOf: [updateUserBodySchema, updateUserPermissionsBodySchema].map(inputJsonSchema),
  });

function inputJsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

/** Creating and deleting users is for a superadmin only, whatever permissions others hold. */
const superadminOnly = {
  roles: ['superadmin'],
  rolesMessage: userRuleMessages.superadminOnly,
} as const;

/** Changing permissions also needs permissions.manage; checked before the body is validated. */
const requirePermissionsManageForPermissionBody: RequestHandler = (req, _res, next) => {
  if (carriesPermissions(req.body) && !hasPermission(req.user, 'permissions.manage')) {
    throw forbidden();
  }
  next();
};

/** Resetting another user's password or two-factor: a superadmin's, whatever others hold. */
const recoveryAccess = {
  permissions: ['users.edit'],
  roles: ['superadmin'],
  rolesMessage: accountRecoveryMessages.superadminOnly,
} as const;

/** Staff accounts and their permissions (spec 2 sections 2.1, 2.2 and 7). */
export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/users',
    summary: 'List staff users (paged, searchable)',
    tags,
    access: { permissions: ['users.view'] },
    query: listUsersQuerySchema,
    response: listUsersResponseSchema,
    handler: ({ ctx, query }) => listUsers(ctx.db, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/users',
    summary: 'Create a staff user with the permissions of its role template',
    description: 'Superadmin only. 409 when the username or email is taken.',
    tags,
    access: { permissions: ['users.create'], ...superadminOnly },
    body: createUserBodySchema,
    response: userResponseSchema,
    status: 201,
    handler: ({ ctx, user, body }) => createUser(ctx, user, body),
  }),
  defineRoute({
    method: 'put',
    path: '/api/users/:id',
    summary: "Update a user's profile, or with { permissions } its permissions",
    description:
      'The permissions body also needs permissions.manage. Only a superadmin may change a superadmin account or give the superadmin role.',
    tags,
    access: { permissions: ['users.edit'] },
    middleware: [requirePermissionsManageForPermissionBody],
    params: userIdParamsSchema,
    body: updateUserRequestSchema,
    response: userResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      body.kind === 'permissions'
        ? updateUserPermissions(ctx, user, params.id, body.change)
        : updateUserProfile(ctx, user, params.id, body.body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/users/:id',
    summary: 'Delete a staff user',
    description: 'Superadmin only; a superadmin cannot be deleted, nor can one delete oneself.',
    tags,
    access: { permissions: ['users.delete'], ...superadminOnly },
    params: userIdParamsSchema,
    response: deleteUserResponseSchema,
    handler: ({ ctx, user, params }) => deleteUser(ctx, user, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/users/:id/permissions',
    summary: "A user's stored and effective permissions",
    tags,
    access: { permissions: ['users.view'] },
    params: userIdParamsSchema,
    response: userPermissionsResponseSchema,
    handler: ({ ctx, params }) => getUserPermissions(ctx.db, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/users/:id/password-reset',
    summary: "Mail a user a password-reset link and end the user's sessions",
    description:
      "Superadmin only, not for one's own account (403). The link is the self-service one (single use, 30 minutes); 409 for an account that is not active; audited.",
    tags,
    access: recoveryAccess,
    params: userIdParamsSchema,
    response: messageResponseSchema,
    handler: ({ ctx, user, params }) => sendPasswordReset(ctx, user, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/users/:id/temporary-password',
    summary: 'Set a temporary password that the user must change at the next sign-in',
    description:
      "Superadmin only, not for one's own account (403); 409 for an account that is not active. The user's sessions end; at sign-in the password step answers requiresPasswordChange and POST /api/auth/complete-password-change replaces it before the second factor. Audited (without the password).",
    tags,
    access: recoveryAccess,
    params: userIdParamsSchema,
    body: setTemporaryPasswordBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      setTemporaryPassword(ctx, user, params.id, body.password),
  }),
  defineRoute({
    method: 'post',
    path: '/api/users/:id/reset-2fa',
    summary: "Reset a user's two-factor authentication",
    description:
      "Superadmin only, not for one's own account (403). The secret, backup codes and sessions are cleared, so the next sign-in sets two-factor up again; audited.",
    tags,
    access: recoveryAccess,
    params: userIdParamsSchema,
    response: messageResponseSchema,
    handler: ({ ctx, user, params }) => resetUserTwoFactor(ctx, user, params.id),
  }),
];
