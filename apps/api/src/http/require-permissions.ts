import type { Permission, Role } from '@patrol/contracts';
import { hasPermissions, type PermissionMode } from '@patrol/domain';
import type { RequestHandler } from 'express';
import { forbidden } from './app-error';

/** Permission guard, after `authenticate`: ANY of the permissions unless mode is 'all'. */
export function requirePermissions(
  permissions: readonly Permission[],
  mode: PermissionMode = 'any',
): RequestHandler {
  return (req, _res, next) => {
    if (!hasPermissions(req.user, permissions, mode)) throw forbidden();
    next();
  };
}

/**
 * Role guard, after the permission guard, for the few rules the spec ties to roles rather than
 * permissions (payment validation: superadmin and accounts). Runs before the input is parsed, so
 * another role gets 403 whatever it sends.
 */
export function requireRoles(roles: readonly Role[], message: string): RequestHandler {
  return (req, _res, next) => {
    if (!req.user || !(roles as readonly string[]).includes(req.user.role)) {
      throw forbidden(message);
    }
    next();
  };
}
