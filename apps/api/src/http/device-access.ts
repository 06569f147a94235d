import type { Permission } from '@patrol/contracts';
import { hasPermissions, type PermissionMode } from '@patrol/domain';
import type { Request, RequestHandler } from 'express';
import type { RateLimitName } from '../security/rate-limits';
import type { AppContext, DeviceSessionRecord } from './app-context';
import { forbidden } from './app-error';
import { authenticateToken, bearerToken } from './authenticate';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set on a route whose access admits the patrol app: the device its token resolves to. */
    device?: DeviceSessionRecord;
  }
}

/** How a device token is resolved to its bound licence (the devices module provides it). */
export interface DeviceAuthenticator {
  /**
   * 401 without a token or for one no bound licence holds; 429 once the token is over `limit`
   * (counted before the lookup, so a caller over its allowance costs none).
   */
  authenticate(req: Request, limit: RateLimitName): Promise<DeviceSessionRecord>;
}

/**
 * Route guard of access 'device': the patrol app's device token, resolved before the body is
 * validated, so a caller without a valid token gets 401 and one over its allowance 429 whatever it
 * sent.
 */
export function requireDevice(
  ctx: Pick<AppContext, 'devices'>,
  limit: RateLimitName,
): RequestHandler {
  return async (req, _res, next) => {
    req.device = await ctx.devices.authenticate(req, limit);
    next();
  };
}

/**
 * Route guard of a permission access with `orDevice`: a staff access token (a signed JWT) must
 * hold the permissions (403 otherwise); any other bearer is taken as a device token.
 */
export function requireStaffOrDevice(
  ctx: Pick<AppContext, 'accessTokens' | 'accounts' | 'sessions' | 'devices'>,
  permissions: readonly Permission[],
  mode: PermissionMode | undefined,
  limit: RateLimitName,
): RequestHandler {
  const device = requireDevice(ctx, limit);
  return async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !ctx.accessTokens.verify(token)) return device(req, res, next);
    req.user = (await authenticateToken(ctx, token)).user;
    if (!hasPermissions(req.user, permissions, mode ?? 'any')) throw forbidden();
    next();
  };
}
