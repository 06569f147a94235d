import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../http/app-context';
import { AppError, tooMany, unauthenticated } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { hashOpaqueToken } from '../../security/opaque-token';
import type { RateLimiter } from '../../security/rate-limiter';
import type { OwnedLicence } from '../licences/licences.service';
import { findLicenceByDeviceTokenHash } from './devices.repo';

export const deviceMessages = {
  tokenRequired: 'Device token required. Activate the device with its licence key.',
  tokenInvalid:
    'Device token is not valid: the licence was unbound or deleted. Activate the device again.',
  expired: 'This licence has expired. Please contact your provider to renew it.',
  suspended: "This licence's client account is deactivated. Please contact your provider.",
  boundElsewhere: 'This licence is already bound to another device',
  reactivationNeedsToken:
    'This licence is already active on this device. Activate again from the app that holds its device token, or ask your provider to unbind the licence first.',
  transferBudgetSpent:
    'This licence has moved to a new device too often in the last 30 days. Please contact your provider.',
} as const;

/** The device a request comes from, as resolved from its token. */
export interface DeviceSession extends OwnedLicence {
  tokenHash: string;
}

/**
 * Runs an activation unless the calling address, or all addresses together, are over their
 * failures (429). The attempt is counted before it runs and given back when it succeeds (or fails
 * on the server's side), so parallel failures are held to the limit like sequential ones; an
 * activation that fails with an expected error (404, 403, 409, 429) keeps counting.
 */
export async function withActivationLimit<T>(
  ctx: Pick<AppContext, 'limits'>,
  req: Request,
  activation: () => Promise<T>,
): Promise<T> {
  const { deviceActivationFailures, deviceActivationFailuresAll } = ctx.limits;
  const fromAddress = await deviceActivationFailures.reserve(clientAddress(req));
  if (!fromAddress) throw tooMany();
  const fromAnywhere = await deviceActivationFailuresAll.reserve('all');
  if (!fromAnywhere) {
    await fromAddress.refund();
    throw tooMany();
  }
  try {
    const activated = await activation();
    await Promise.all([fromAddress.refund(), fromAnywhere.refund()]);
    return activated;
  } catch (error) {
    if (!(error instanceof AppError))
      await Promise.all([fromAddress.refund(), fromAnywhere.refund()]);
    throw error;
  }
}

/**
 * Resolves `Authorization: Bearer <device token>` to its bound licence: 401 without a token or
 * for one no bound licence holds. Counts the call against the token's limit first (`limiter`,
 * device calls unless a route counts apart), so a caller over its allowance costs no lookup. A
 * known token is answered from the session cache (the database is read once per token every few
 * seconds, not on every heartbeat).
 */
export async function authenticateDevice(
  ctx: Pick<AppContext, 'db' | 'limits' | 'deviceSessions'>,
  req: Request,
  limiter: RateLimiter = ctx.limits.deviceCalls,
): Promise<DeviceSession> {
  const token = bearerToken(req);
  if (!token) throw unauthenticated(deviceMessages.tokenRequired);
  const tokenHash = hashOpaqueToken(token);
  if (!(await limiter.consume(tokenHash))) throw tooMany();
  const cached = ctx.deviceSessions.get(tokenHash);
  if (cached) return cached;
  const owned = await findLicenceByDeviceTokenHash(ctx.db, tokenHash);
  if (!owned) throw unauthenticated(deviceMessages.tokenInvalid);
  const session = { ...owned, tokenHash };
  ctx.deviceSessions.set(tokenHash, session);
  return session;
}

const authenticatedDevices = new WeakMap<Request, DeviceSession>();

/**
 * Route middleware (for `middleware: deviceGuard(...)`): authenticates the device, counting the
 * call against `limiter` of the services, before the body is validated, so that a caller without
 * a valid token gets 401 and one over its allowance 429 whatever it sent. The handler reads the
 * device with `guardedDevice(req)`.
 */
export function deviceGuard(
  limiter: (limits: AppContext['limits']) => RateLimiter,
): (ctx: AppContext) => RequestHandler[] {
  return (ctx) => [
    async (req, _res, next) => {
      authenticatedDevices.set(req, await authenticateDevice(ctx, req, limiter(ctx.limits)));
      next();
    },
  ];
}

/** The device that deviceGuard authenticated for this request. */
export function guardedDevice(req: Request): DeviceSession {
  const device = authenticatedDevices.get(req);
  if (!device) throw new Error('guardedDevice called on a route without deviceGuard');
  return device;
}

/** The hash of the device token a request presents, if it presents one. */
export function presentedDeviceToken(req: Request): string | undefined {
  const token = bearerToken(req);
  return token ? hashOpaqueToken(token) : undefined;
}

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
