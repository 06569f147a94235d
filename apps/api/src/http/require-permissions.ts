import type { Permission } from '@patrol/contracts';
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
