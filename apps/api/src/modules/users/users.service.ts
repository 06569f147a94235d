import {
  buildPagination,
  permissionKeys,
  roleTemplates,
  type CreateUserBody,
  type CustomPermissions,
  type ListUsersQuery,
  type ListUsersResponse,
  type Permission,
  type UpdateUserBody,
  type MessageResponse,
  type UserResponse,
  type UserPermissionsResponse,
} from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { findPostgresError } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound, type FieldErrors } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { endUserSessions } from '../auth/session.service';
import { presentUser, presentUserPermissions, userAuditSnapshot } from './users.presenter';
import {
  deleteUserRow,
  findTakenIdentity,
  findUserRow,
  findUserRowForUpdate,
  findUsersPage,
  insertUserRow,
  updateUserRow,
} from '../accounts/accounts.service';

/** Messages of the user rules the API enforces beyond the form's validation. */
export const userRuleMessages = {
  notFound: 'User not found',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  superadminOnly: 'Only a superadmin can create or delete users.',
  superadminAccount: 'Only a superadmin can change a superadmin account.',
  othersEmail: "Only a superadmin can change another user's email address.",
  administratorRole: 'Only a superadmin can give the Admin or superadmin role.',
  ownRoleOrStatus: 'You cannot change your own role or status.',
  deleteSelf: 'You cannot delete your own account.',
  deleteSuperadmin: 'Superadmin users cannot be deleted.',
  created: 'User created successfully',
  updated: 'User updated successfully',
  permissionsUpdated: 'Permissions updated successfully',
  deleted: 'User deleted successfully',
} as const;

/** The permission dialog's save: the checked set and, optionally, per-user overrides. */
export interface UserPermissionsChange {
  permissions: Permission[];
  customPermissions?: CustomPermissions;
}

/** One page of users for the user management table. */
export async function listUsers(db: DbExecutor, query: ListUsersQuery): Promise<ListUsersResponse> {
  const { rows, totalCount } = await findUsersPage(db, query);
  return {
    success: true,
    data: {
      users: rows.map(presentUser),
      pagination: buildPagination(query.page, query.limit, totalCount),
    },
  };
}

/**
 * Creates a staff account with its role's permission template. Usernames (ignoring case) and
 * emails are unique: 409 naming the field.
 */
export async function createUser(
  { db, passwords }: Pick<AppContext, 'db' | 'passwords'>,
  actor: AuthUser,
  body: CreateUserBody,
): Promise<UserResponse> {
  const passwordHash = await passwords.hash(body.password);
  const row = await withIdentityConflicts(() =>
    db.transaction(async (tx) => {
      await assertIdentityFree(tx, body);
      const created = await insertUserRow(tx, {
        username: body.username,
        email: body.email,
        passwordHash,
        fullName: body.fullName,
        role: body.role,
        status: body.status,
        permissions: [...roleTemplates[body.role]],
      });
      await recordAudit(tx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'user.created',
        entityType: 'user',
        entityId: created.id,
        before: null,
        after: userAuditSnapshot(created),
      });
      return created;
    }),
  );
  return userAnswer(userRuleMessages.created, row);
}

/**
 * Saves the user form. A new role replaces the stored permissions with that role's template
 * (overrides stay). Leaving the active state ends the user's sessions at once.
 */
export async function updateUserProfile(
  { db, accounts, events }: Pick<AppContext, 'db' | 'accounts' | 'events'>,
  actor: AuthUser,
  id: string,
  body: UpdateUserBody,
): Promise<UserResponse> {
  const row = await withIdentityConflicts(() =>
    db.transaction(async (tx) => {
      const current = await lockEditableUser(tx, actor, id);
      if (body.role === 'superadmin' && actor.role !== 'superadmin') {
        throw forbidden(userRuleMessages.superadminAccount);
      }
      // Password resets and recovery are mailed to this address: moving someone else's is a
      // takeover, and so is lifting an account to a role that administers the others.
      const movesOthersEmail =
        id !== actor.id && body.email.toLowerCase() !== current.email.toLowerCase();
      if (movesOthersEmail && actor.role !== 'superadmin') {
        throw forbidden(userRuleMessages.othersEmail);
      }
      const givesAdministratorRole =
        body.role !== current.role && (body.role === 'Admin' || body.role === 'superadmin');
      if (givesAdministratorRole && actor.role !== 'superadmin') {
        throw forbidden(userRuleMessages.administratorRole);
      }
      if (id === actor.id && (body.role !== current.role || body.status !== current.status)) {
        throw forbidden(userRuleMessages.ownRoleOrStatus);
      }
      await assertIdentityFree(tx, body, id);
      const roleChanged = body.role !== current.role;
      const updated = await updateUserRow(tx, id, {
        username: body.username,
        email: body.email,
        fullName: body.fullName,
        role: body.role,
        status: body.status,
        ...(roleChanged && { permissions: [...roleTemplates[body.role]] }),
      });
      // `authenticate` refuses an inactive account at once; its sessions are ended as well so that
      // reactivating the account does not bring old tokens or sockets back.
      if (body.status !== 'active') await endUserSessions(tx, id);
      await recordAudit(tx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'user.updated',
        entityType: 'user',
        entityId: id,
        before: userAuditSnapshot(current),
        after: userAuditSnapshot(updated!),
      });
      return updated!;
    }),
  );
  accounts.forget(id);
  // The user's open consoles re-read their session: a new menu, or the sign-in page.
  events.publish('accountChanged', { userId: id });
  return userAnswer(userRuleMessages.updated, row);
}

/**
 * Saves the permission dialog: the checked set becomes the user's list and the overrides are
 * replaced (cleared when none are sent), so the effective permissions read back equal the set sent.
 */
export async function updateUserPermissions(
  { db, accounts, events }: Pick<AppContext, 'db' | 'accounts' | 'events'>,
  actor: AuthUser,
  id: string,
  change: UserPermissionsChange,
): Promise<UserResponse> {
  const row = await db.transaction(async (tx) => {
    const current = await lockEditableUser(tx, actor, id);
    const updated = await updateUserRow(tx, id, {
      permissions: inCatalogueOrder(change.permissions),
      customGranted: inCatalogueOrder(change.customPermissions?.granted ?? []),
      customDenied: inCatalogueOrder(change.customPermissions?.denied ?? []),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'user.permissions_updated',
      entityType: 'user',
      entityId: id,
      before: permissionSnapshot(current),
      after: permissionSnapshot(updated!),
    });
    return updated!;
  });
  accounts.forget(id);
  // The user's open consoles re-read their session: a new menu, or the sign-in page.
  events.publish('accountChanged', { userId: id });
  return userAnswer(userRuleMessages.permissionsUpdated, row);
}

/** Deletes an account: never one's own, never a superadmin; 404 for an unknown id. */
export async function deleteUser(
  { db, accounts, events }: Pick<AppContext, 'db' | 'accounts' | 'events'>,
  actor: AuthUser,
  id: string,
): Promise<MessageResponse> {
  if (id === actor.id) throw forbidden(userRuleMessages.deleteSelf);
  await db.transaction(async (tx) => {
    const current = await findUserRowForUpdate(tx, id);
    if (!current) throw notFound(userRuleMessages.notFound);
    if (current.role === 'superadmin') throw forbidden(userRuleMessages.deleteSuperadmin);
    await deleteUserRow(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      before: userAuditSnapshot(current),
      after: null,
    });
  });
  accounts.forget(id);
  // The user's open consoles re-read their session: a new menu, or the sign-in page.
  events.publish('accountChanged', { userId: id });
  return { success: true, message: userRuleMessages.deleted };
}

/** The user's stored permissions, overrides and effective permissions; 404 for an unknown id. */
export async function getUserPermissions(
  db: DbExecutor,
  id: string,
): Promise<UserPermissionsResponse> {
  const row = await findUserRow(db, id);
  if (!row) throw notFound(userRuleMessages.notFound);
  return { success: true, data: { permissions: presentUserPermissions(row) } };
}

function userAnswer(message: string, row: UserRow): UserResponse {
  return { success: true, message, data: { user: presentUser(row) } };
}

/** Locks the user for the change; 404 when unknown, 403 when a non-superadmin edits a superadmin. */
async function lockEditableUser(db: DbExecutor, actor: AuthUser, id: string): Promise<UserRow> {
  const current = await findUserRowForUpdate(db, id);
  if (!current) throw notFound(userRuleMessages.notFound);
  if (current.role === 'superadmin' && actor.role !== 'superadmin') {
    throw forbidden(userRuleMessages.superadminAccount);
  }
  return current;
}

async function assertIdentityFree(
  db: DbExecutor,
  identity: { username: string; email: string },
  exceptId?: string,
): Promise<void> {
  const taken = await findTakenIdentity(db, identity, exceptId);
  const errors: FieldErrors = {};
  if (taken.username) errors.username = userRuleMessages.usernameTaken;
  if (taken.email) errors.email = userRuleMessages.emailTaken;
  const [message] = Object.values(errors);
  if (message) throw new AppError(409, 'CONFLICT', message, errors);
}

/**
 * The check above runs before the write, but two requests can pass it together; the unique
 * constraint then decides, and its violation is answered with the same message.
 */
async function withIdentityConflicts<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const failure = findPostgresError(error);
    if (failure?.code !== '23505') throw error;
    const field = failure.constraint === 'users_email_unique' ? 'email' : 'username';
    const message =
      field === 'email' ? userRuleMessages.emailTaken : userRuleMessages.usernameTaken;
    throw new AppError(409, 'CONFLICT', message, { [field]: message });
  }
}

function inCatalogueOrder(keys: readonly string[]): Permission[] {
  return permissionKeys.filter((key) => keys.includes(key));
}

function permissionSnapshot(row: UserRow) {
  return {
    permissions: row.permissions,
    customGranted: row.customGranted,
    customDenied: row.customDenied,
  };
}
