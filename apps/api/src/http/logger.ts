import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from '../config';

/** Keys whose values must never reach a log line, wherever they sit in a logged object. */
const sensitiveKeys = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'tempToken',
  'setupToken',
  'resetToken',
  'secret',
  'jwtSecret',
  'twoFactorSecret',
  'backupCodes',
  'databaseUrl',
  'smtpUrl',
  'redisUrl',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  // `code` is also the name of harmless error codes (err.code), so only request bodies lose it.
  'body.code',
  '*.body.code',
];

/** Anything else is replaced, so a forged header cannot inject text into log lines. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The process logger: JSON lines to stdout (or `destination`), secrets redacted. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = { level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Request logging with a request id per request: the caller's x-request-id when it looks sane,
 * else a fresh UUID, echoed in the x-request-id response header.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      return res.statusCode >= 400 ? 'warn' : 'info';
    },
    // Response headers are the same security headers on every line; the status says enough.
    serializers: {
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // Query strings can carry secrets (a mailed reset link's ?token=): log the path only.
      req: (req: { url?: string; query?: unknown }) => ({
        ...req,
        url: req.url?.split('?')[0],
        query: undefined,
      }),
    },
    // Probes poll these every few seconds; logging each would drown the useful lines.
    autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
  });
}
