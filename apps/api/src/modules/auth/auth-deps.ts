import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { createMailer, type Mailer } from '../../mail/mailer';
import { createPasswordHasher, type PasswordHasher } from '../../security/password-hasher';
import { createRateLimitStore, type RateLimitStore } from '../../security/rate-limit-store';
import { createRateLimiter, type RateLimiter } from '../../security/rate-limiter';
import {
  createCodeHasher,
  createSecretBox,
  deriveKey,
  type SecretBox,
} from '../../security/secret-keys';

const fifteenMinutes = 15 * 60 * 1000;

/**
 * Abuse limits. Per account: 5 failed sign-in or code attempts in 15 minutes, then 429 (far under
 * OWASP ASVS 2.2.1's 100 an hour). Per address: coarser, since an office shares one address.
 * Recovery requests are counted whether or not the account exists, so the limit reveals nothing.
 */
export const authRateLimits = {
  accountFailures: { name: 'auth-account', limit: 5, windowMs: fifteenMinutes },
  addressFailures: { name: 'auth-address', limit: 30, windowMs: fifteenMinutes },
  recoveryRequests: { name: 'auth-recovery', limit: 10, windowMs: fifteenMinutes },
} as const;

/** Password attempts and second-factor attempts of one account are limited separately. */
export const passwordAttempts = (email: string) => `password:${email.toLowerCase()}`;
/** Second-factor attempts (sign-in and authenticator setup) of one account. */
export const codeAttempts = (email: string) => `code:${email.toLowerCase()}`;

/** What the auth services need, built once per application context. */
export interface AuthDeps {
  db: AppDb;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** Seals TOTP secrets at rest. */
  totpSecrets: SecretBox;
  hashBackupCode: (code: string) => string;
  limits: { account: RateLimiter; address: RateLimiter; recovery: RateLimiter };
  /** Releases the rate-limit store's connection. */
  close(): Promise<void>;
}

/** bcrypt cost 12 everywhere but under NODE_ENV=test, where hashing at 12 would dominate run time. */
export function bcryptCostFor(config: Pick<Config, 'nodeEnv'>): number {
  return config.nodeEnv === 'test' ? 4 : 12;
}

/** Builds the auth services' dependencies from the application context. */
export function createAuthDeps(ctx: AppContext, rateLimitStore?: RateLimitStore): AuthDeps {
  const store =
    rateLimitStore ??
    createRateLimitStore(ctx.config.redisUrl, (error) =>
      ctx.logger.warn({ err: error }, 'Rate-limit store (Redis) connection error'),
    );
  const mailer = createMailer(ctx.config, ctx.database.db, ctx.logger);
  return {
    db: ctx.database.db,
    config: ctx.config,
    logger: ctx.logger,
    mailer,
    passwords: createPasswordHasher(bcryptCostFor(ctx.config)),
    totpSecrets: createSecretBox(deriveKey(ctx.config.jwtSecret, 'totp-secret')),
    hashBackupCode: createCodeHasher(deriveKey(ctx.config.jwtSecret, 'backup-code')),
    limits: {
      account: createRateLimiter(store, authRateLimits.accountFailures),
      address: createRateLimiter(store, authRateLimits.addressFailures),
      recovery: createRateLimiter(store, authRateLimits.recoveryRequests),
    },
    async close() {
      mailer.close();
      await store.close();
    },
  };
}

const depsByContext = new WeakMap<AppContext, AuthDeps>();

/** The auth dependencies of a context, created on first use so counters live as long as the app. */
export function authDepsFor(ctx: AppContext): AuthDeps {
  let deps = depsByContext.get(ctx);
  if (!deps) {
    deps = createAuthDeps(ctx);
    depsByContext.set(ctx, deps);
  }
  return deps;
}

/** Closes what `authDepsFor` opened for this context (the Redis connection); call at shutdown. */
export async function closeAuthDeps(ctx: AppContext): Promise<void> {
  const deps = depsByContext.get(ctx);
  depsByContext.delete(ctx);
  await deps?.close();
}
