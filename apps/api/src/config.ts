import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultInAppPackages } from '@patrol/domain';
import { z } from 'zod';
import {
  isLicenceKeyRingText,
  parseLicenceKeyRing,
  readOrCreateLicenceKeyRing,
  type LicenceKeyRing,
} from './security/licence-signing';
import {
  myInvoisEnvironmentShape,
  myInvoisSecretVariables,
  readMyInvoisSetting,
  type MyInvoisSetting,
} from './config-myinvois';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables whose values may carry credentials; their values never appear in messages or logs. */
const secretVariables = new Set([
  'JWT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
  'LICENCE_SIGNING_KEY',
  ...myInvoisSecretVariables,
]);

const minimumSecretLength = 32;
/** A scraper's bearer token is guessable below this length. */
const minimumMetricsTokenLength = 16;
/** The spec's hosted free tier (512 MB) is the default size budget of the database panel. */
const defaultDatabaseSizeBudgetMb = 512;

/**
 * The environment the API reads. Empty values count as unset, so `FOO=` in a compose file or
 * an .env file falls back to the default instead of failing validation.
 */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Production unless said otherwise: development answers recovery requests with their token.
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Patrol Management Console <no-reply@localhost>'),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  JWT_SECRET: z
    .string()
    .min(minimumSecretLength, `must be at least ${minimumSecretLength} characters`)
    .optional(),
  LICENCE_SIGNING_KEY: z.string().refine(isLicenceKeyRingText).optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  CONSOLE_DIST: z.string().min(1).optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  CRASH_IN_APP_PACKAGES: z
    .string()
    .regex(/^\s*[A-Za-z_][\w.]*(\s*,\s*[A-Za-z_][\w.]*)*\s*$/, {
      error: 'must be package prefixes separated by commas, e.g. com.patrol.,com.acme.guard.',
    })
    .optional(),
  ANSWER_CACHES: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  DATABASE_SIZE_BUDGET_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(1, 'must be at least 1 (megabytes)')
    .max(1_048_576, 'must be at most 1048576 (1 TiB, in megabytes)')
    .default(defaultDatabaseSizeBudgetMb),
  RELEASE_HEALTH_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 (seconds)')
    .max(3600, 'must be at most 3600 (an hour, in seconds)')
    .default(60),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(minimumMetricsTokenLength, `must be at least ${minimumMetricsTokenLength} characters`)
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(isTrustProxySetting, {
      error:
        "must be true, false, a number of proxies, or addresses and ranges such as 'loopback' or '10.0.0.0/8'",
    })
    .optional(),
  ...myInvoisEnvironmentShape,
});

export type Environment = Record<string, string | undefined>;

/** Every setting of the API, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  /** Absolute folder for the embedded database, uploads and the generated JWT secret. */
  dataDir: string;
  /** PostgreSQL server; without it the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string;
  /** Redis for the socket.io adapter and shared rate limits when several processes run. */
  redisUrl?: string;
  /** SMTP server; without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  mailFrom: string;
  /** Public base URL of the console, used in mailed links (no trailing slash). */
  appUrl: string;
  /** HS256 signing key for access tokens. Never log it. */
  jwtSecret: string;
  /**
   * Ed25519 keys that sign the devices' licence files: LICENCE_SIGNING_KEY, else generated on
   * first start and kept in DATA_DIR/licence-signing-keys (0600). Never log them.
   */
  licenceKeys: LicenceKeyRing;
  logLevel: (typeof logLevels)[number];
  /** Folder of the built console that the API serves in production-style runs. */
  consoleDist: string;
  /**
   * Which proxies may name the client's address in X-Forwarded-For (Express `trust proxy`):
   * none by default, so a client cannot pick the address its rate limits count against.
   */
  trustProxy: boolean | number | string;
  /** API processes on one port (node:cluster); more than one needs PostgreSQL and Redis. */
  workers: number;
  /**
   * Package prefixes of the patrol app (CRASH_IN_APP_PACKAGES, default com.patrol.): frames in
   * them are "in-app" and make a crash group; library and framework frames do not.
   */
  crashInAppPackages: readonly string[];
  /**
   * Whether the snapshots and short answer caches serve reads (on by default). Off, every read
   * computes from the database: the bench's `--uncached` runs measure that path.
   */
  answerCaches: boolean;
  /**
   * The database size the system panel measures usage against, in bytes: past 75 percent of it
   * the panel raises its notice (the spec's hosted free tier, 512 MB, by default).
   */
  databaseSizeBudgetBytes: number;
  /**
   * How often the release-health watch evaluates the newest releases
   * (RELEASE_HEALTH_INTERVAL_SECONDS, a minute by default).
   */
  releaseHealthIntervalMs: number;
  /** Bearer token a Prometheus scraper must send to GET /metrics; unset, /metrics is open. Never log it. */
  metricsToken?: string;
  /** MyInvois e-invoicing (MYINVOIS_*): on with its settings, or off naming what is missing. */
  myinvois: MyInvoisSetting;
}

/** Raised when the environment is invalid; its message names the variables, never their values. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the settings from `env`. Throws ConfigError naming each invalid variable.
 * Without JWT_SECRET, a secret is generated on first start and kept in DATA_DIR/jwt-secret (0600);
 * without LICENCE_SIGNING_KEY, likewise a licence signing key in DATA_DIR/licence-signing-keys.
 */
export function loadConfig(env: Environment): Config {
  const parsed = environmentSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error));
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  const myinvois = readMyInvoisSetting(values);
  if (myinvois.problems.length > 0) {
    throw new ConfigError(`Invalid environment configuration:\n${myinvois.problems.join('\n')}`);
  }
  return {
    port: values.PORT,
    host: values.HOST,
    nodeEnv: values.NODE_ENV,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    jwtSecret: values.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    licenceKeys: values.LICENCE_SIGNING_KEY
      ? parseLicenceKeyRing(values.LICENCE_SIGNING_KEY)
      : readLicenceKeyFile(dataDir),
    logLevel: values.LOG_LEVEL,
    consoleDist: resolve(values.CONSOLE_DIST ?? defaultConsoleDist()),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    workers: values.WORKERS,
    crashInAppPackages: values.CRASH_IN_APP_PACKAGES
      ? values.CRASH_IN_APP_PACKAGES.split(',').map((prefix) => prefix.trim())
      : defaultInAppPackages,
    answerCaches: values.ANSWER_CACHES === 'on',
    databaseSizeBudgetBytes: values.DATABASE_SIZE_BUDGET_MB * 1024 * 1024,
    releaseHealthIntervalMs: values.RELEASE_HEALTH_INTERVAL_SECONDS * 1000,
    metricsToken: values.METRICS_TOKEN,
    myinvois: myinvois.setting,
  };
}

const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustProxySetting(value: string): boolean {
  if (/^(true|false|\d+)$/.test(value)) return true;
  return value.split(',').every((part) => {
    const entry = part.trim();
    const [address, bits, extra] = entry.split('/');
    if (proxyRangeNames.has(entry)) return true;
    return (
      extra === undefined && isIP(address ?? '') !== 0 && (bits === undefined || /^\d+$/.test(bits))
    );
  });
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function withoutEmptyValues(env: Environment): Environment {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
}

function describeIssues(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    // Zod messages do not echo the input, but a custom refinement could; secrets get a fixed text.
    const message = secretVariables.has(variable) ? 'is invalid' : issue.message;
    return `  ${variable}: ${message}`;
  });
  return `Invalid environment configuration:\n${lines.join('\n')}`;
}

/**
 * The console build sits at apps/console/dist. This module runs either as src/config.ts or
 * bundled into dist/main.js, both one level below apps/api, so one relative path serves both.
 */
function defaultConsoleDist(): string {
  return fileURLToPath(new URL('../../console/dist', import.meta.url));
}

function readLicenceKeyFile(dataDir: string): LicenceKeyRing {
  try {
    return readOrCreateLicenceKeyRing(dataDir);
  } catch (error) {
    throw new ConfigError(`The licence signing key could not be read: ${(error as Error).message}`);
  }
}

function readOrCreateJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < minimumSecretLength) {
    throw new ConfigError(
      `The JWT secret in ${file} is shorter than ${minimumSecretLength} characters.`,
    );
  }
  return secret;
}
