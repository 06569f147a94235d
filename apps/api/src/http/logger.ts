import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';
import { redactSecretShapes, serializeError } from './log-redaction';

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
  'metricsToken',
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

/**
 * The process logger: JSON lines to stdout (or `destination`). Secrets are redacted twice: by the
 * keys that hold them, then by their shape in the finished line, whatever key or message holds them.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError },
    hooks: { streamWrite: redactSecretShapes },
  };
  return destination ? pino(options, destination) : pino(options);
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's x-request-id when it looks sane, else a fresh UUID. */
    id: string;
    /** The logger bound to this request's id. */
    log: Logger;
  }
}

/** Probes poll these every few seconds; logging each would drown the useful lines. */
const quietPaths = new Set(['/health', '/ready']);

const successLevelKey = 'requestLogSuccessLevel';

/**
 * Route middleware: a successful answer to this request is logged at `level` instead of info
 * (a call a fleet of devices makes thousands of times a second); refusals and errors are not.
 */
export function logSuccessAt(level: 'debug'): RequestHandler {
  return (_req, res, next) => {
    res.locals[successLevelKey] = level;
    next();
  };
}

const parentLoggerKey = Symbol('parentLogger');
const childLoggerKey = Symbol('childLogger');
type LoggedRequest = Request & { [parentLoggerKey]?: Logger; [childLoggerKey]?: Logger };

/** Request prototypes (one per Express app) whose `log` is the lazy getter below. */
const lazyLogPrototypes = new WeakSet<object>();

/**
 * Makes `req.log` the request's child logger, built on first use. The getter lives on the
 * request prototype, defined once per app: an accessor defined on every request cost more than
 * the rest of the logging middleware.
 */
function defineLazyLog(req: LoggedRequest): void {
  const prototype = Object.getPrototypeOf(req) as object;
  if (lazyLogPrototypes.has(prototype)) return;
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      return (this[childLoggerKey] ??= this[parentLoggerKey]!.child({ reqId: this.id }));
    },
  });
  lazyLogPrototypes.add(prototype);
}

/**
 * Request logging with a request id per request (echoed in x-request-id) and one line when the
 * answer is finished: method, path without its query string (a mailed reset link carries a token
 * there), status and time. Errors log at error, refusals at warn, the rest at info or at the level
 * a route chose (logSuccessAt). `req.log` is made on first use only: a child logger per request
 * would cost more than many requests do.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    (req as LoggedRequest)[parentLoggerKey] = logger;
    defineLazyLog(req);
    const query = req.originalUrl.indexOf('?');
    const path = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
    if (quietPaths.has(path)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('finish', () => {
      const level =
        res.statusCode >= 500
          ? 'error'
          : res.statusCode >= 400
            ? 'warn'
            : ((res.locals[successLevelKey] as 'debug' | undefined) ?? 'info');
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          req: { method: req.method, url: path, remoteAddress: req.socket.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        'request completed',
      );
    });
    next();
  };
}
