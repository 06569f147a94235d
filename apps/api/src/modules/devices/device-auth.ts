import type { Request } from 'express';
import type { AppContext } from '../../http/app-context';
import { AppError, tooMany, unauthenticated } from '../../http/app-error';
import { bearerToken } from '../../http/authenticate';
import { hashOpaqueToken } from '../../security/opaque-token';
import { createRateLimitStore, type RateLimitStore } from '../../security/rate-limit-store';
import { createRateLimiter, type RateLimiter } from '../../security/rate-limiter';
import type { OwnedLicence } from '../licences/licences.repo';
import { findLicenceByDeviceTokenHash } from './devices.repo';

const minute = 60 * 1000;

/**
 * Device abuse limits. Failed activations (unknown key, expired, bound elsewhere) are counted per
 * address, 30 per 15 minutes: enough for a site's typing mistakes, far too few to probe for keys,
 * while a whole fleet activating behind one address is never held up. A device reports every
 * few seconds at most: 30 calls a minute per token. Unknown tokens are counted too, by token.
 */
export const deviceRateLimits = {
  activationFailuresPerAddress: { name: 'device-activate', limit: 30, windowMs: 15 * minute },
  callsPerToken: { name: 'device-calls', limit: 30, windowMs: minute },
} as const;

export const deviceMessages = {
  tokenRequired: 'Device token required. Activate the device with its licence key.',
  tokenInvalid:
    'Device token is not valid: the licence was unbound or deleted. Activate the device again.',
  expired: 'This licence has expired. Please contact your provider to renew it.',
  suspended: "This licence's client account is deactivated. Please contact your provider.",
  boundElsewhere: 'This licence is already bound to another device',
} as const;

/** The device a request comes from, as resolved from its token. */
export interface DeviceSession extends OwnedLicence {
  tokenHash: string;
}

/** What the device routes need beyond the domain services: their rate limiters. */
export interface DeviceLimits {
  activationFailures: RateLimiter;
  calls: RateLimiter;
  /** Releases the rate-limit store's connection. */
  close(): Promise<void>;
}

/** Builds the device rate limiters over `store` (Redis with REDIS_URL, memory otherwise). */
export function createDeviceLimits(ctx: AppContext, rateLimitStore?: RateLimitStore): DeviceLimits {
  const store =
    rateLimitStore ??
    createRateLimitStore(ctx.config.redisUrl, (error) =>
      ctx.logger.warn({ err: error }, 'Rate-limit store (Redis) connection error'),
    );
  return {
    activationFailures: createRateLimiter(store, deviceRateLimits.activationFailuresPerAddress),
    calls: createRateLimiter(store, deviceRateLimits.callsPerToken),
    close: () => store.close(),
  };
}

const limitsByContext = new WeakMap<AppContext, DeviceLimits>();

/** The device limiters of a context, created on first use so counters live as long as the app. */
export function deviceLimitsFor(ctx: AppContext): DeviceLimits {
  let limits = limitsByContext.get(ctx);
  if (!limits) {
    limits = createDeviceLimits(ctx);
    limitsByContext.set(ctx, limits);
  }
  return limits;
}

/** Closes what `deviceLimitsFor` opened for this context (the Redis connection); call at shutdown. */
export async function closeDeviceLimits(ctx: AppContext): Promise<void> {
  const limits = limitsByContext.get(ctx);
  limitsByContext.delete(ctx);
  await limits?.close();
}

/**
 * Runs an activation unless the calling address is over its failures (429); an activation that
 * fails with an expected error (404, 403, 409) counts against the address.
 */
export async function withActivationLimit<T>(
  ctx: AppContext,
  req: Request,
  activation: () => Promise<T>,
): Promise<T> {
  const limiter = deviceLimitsFor(ctx).activationFailures;
  const address = clientAddress(req);
  if (await limiter.isBlocked(address)) throw tooMany();
  try {
    return await activation();
  } catch (error) {
    if (error instanceof AppError) await limiter.record(address);
    throw error;
  }
}

/**
 * Resolves `Authorization: Bearer <device token>` to its bound licence: 401 without a token or
 * for one no bound licence holds. Counts the call against the token's limit first, so a caller
 * over its allowance costs no database lookup.
 */
export async function authenticateDevice(ctx: AppContext, req: Request): Promise<DeviceSession> {
  const token = bearerToken(req);
  if (!token) throw unauthenticated(deviceMessages.tokenRequired);
  const tokenHash = hashOpaqueToken(token);
  if (!(await deviceLimitsFor(ctx).calls.consume(tokenHash))) throw tooMany();
  const owned = await findLicenceByDeviceTokenHash(ctx.database.db, tokenHash);
  if (!owned) throw unauthenticated(deviceMessages.tokenInvalid);
  return { ...owned, tokenHash };
}

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
