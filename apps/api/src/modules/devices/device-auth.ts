import type { Request } from 'express';
import type { AppContext } from '../../http/app-context';
import { AppError, tooMany, unauthenticated } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import type { DeviceAuthenticator } from '../../http/device-access';
import { hashOpaqueToken } from '../../security/opaque-token';
import type { RateLimiter } from '../../security/rate-limiter';
import { findLicenceByDeviceToken } from '../licences/licence-devices.service';
import type { OwnedLicence } from '../licences/licences.service';
import { loadOverdueStanding, type OverdueStanding } from '../renewals/overdue-standing.service';
import { recordOverdueSeen } from '../renewals/overdue-seen.service';

export const deviceMessages = {
  tokenRequired: 'Device token required. Activate the device with its licence key.',
  tokenInvalid:
    'Device token is not valid: the licence was unbound or deleted. Activate the device again.',
  expired: 'This licence has expired. Please contact your provider to renew it.',
  suspended: "This licence's client account is deactivated. Please contact your provider.",
  restricted:
    'This licence is restricted because an invoice is overdue. Please contact your provider to settle it.',
  overdueSuspended:
    'This licence is suspended because an invoice is unpaid. Please contact your provider to restore it.',
  boundElsewhere: 'This licence is already bound to another device',
  reactivationNeedsToken:
    'This licence is already active on this device. Activate again from the app that holds its device token, or ask your provider to unbind the licence first.',
  transferBudgetSpent:
    'This licence has moved to a new device too often in the last 30 days. Please contact your provider.',
} as const;

/** The device a request comes from, as resolved from its token. */
export interface DeviceSession extends OwnedLicence {
  tokenHash: string;
  overdue?: OverdueStanding | null;
}

/**
 * Runs an activation unless the calling `address`, or all addresses together, are over their
 * failures (429). The attempt is counted before it runs and given back when it succeeds (or fails
 * on the server's side), so parallel failures are held to the limit like sequential ones; an
 * activation that fails with an expected error (404, 403, 409, 429) keeps counting.
 */
export async function withActivationLimit<T>(
  ctx: Pick<AppContext, 'limits'>,
  address: string,
  activation: () => Promise<T>,
): Promise<T> {
  const { deviceActivationFailures, deviceActivationFailuresAll } = ctx.limits;
  const fromAddress = await deviceActivationFailures.reserve(address);
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

type DeviceAuthDeps = Pick<AppContext, 'db' | 'events' | 'logger' | 'limits' | 'deviceSessions'> & {
  /** How long a session read now is held (shorter while relayed events may be lost). */
  deviceSessionTtl: () => number;
};

/**
 * Resolves `Authorization: Bearer <device token>` to its bound licence: 401 without a token or
 * for one no bound licence holds. Counts the call against the token's limit first (`limiter`,
 * device calls unless a route counts apart), so a caller over its allowance costs no lookup. A
 * known token is answered from the session cache (the database is read once per token every few
 * minutes, not on every heartbeat). A call that is the first to see its key's overdue state
 * change (restricted, suspended, restored) records the transition before it is answered.
 */
export async function authenticateDevice(
  ctx: DeviceAuthDeps,
  req: Request,
  limiter: RateLimiter = ctx.limits.deviceCalls,
): Promise<DeviceSession> {
  const token = bearerToken(req);
  if (!token) throw unauthenticated(deviceMessages.tokenRequired);
  const tokenHash = hashOpaqueToken(token);
  if (!(await limiter.consume(tokenHash))) throw tooMany();
  const cached = ctx.deviceSessions.get(tokenHash);
  if (cached) {
    if (cached.overdue) await recordOverdueSeen(ctx, cached.overdue, [], new Date());
    return cached;
  }
  const owned = await findLicenceByDeviceToken(ctx.db, tokenHash);
  if (!owned) throw unauthenticated(deviceMessages.tokenInvalid);
  // Read with the session, so a heartbeat costs no query; the state is decided at each call.
  const { standing, openElsewhere } = await loadOverdueStanding(ctx.db, owned.licence);
  const session = { ...owned, tokenHash, overdue: standing };
  ctx.deviceSessions.set(tokenHash, session, { ttl: ctx.deviceSessionTtl() });
  await recordOverdueSeen(ctx, standing, openElsewhere, new Date());
  return session;
}

/**
 * The device authenticator of the services (AppContext.devices): routes declaring access 'device'
 * (or a permission access with orDevice) resolve the caller's token through it.
 */
export function createDeviceAuthenticator(ctx: DeviceAuthDeps): DeviceAuthenticator {
  return {
    authenticate: (req, limit) => authenticateDevice(ctx, req, ctx.limits[limit]),
  };
}

/** The hash of the device token a request presents, if it presents one. */
export function presentedDeviceToken(req: Request): string | undefined {
  const token = bearerToken(req);
  return token ? hashOpaqueToken(token) : undefined;
}
