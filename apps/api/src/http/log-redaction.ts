import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * Shapes of values that are secrets wherever they appear in a log line, whatever key holds them:
 * bcrypt hashes, JWTs, long hex tokens (reset, setup and device tokens), long base64url or base32
 * strings (refresh tokens, TOTP secrets). Request ids are UUIDs, whose dashes keep them short runs.
 */
const secretShapes = [
  /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g,
  /eyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\b[a-f0-9]{32,}\b/gi,
  /\b[\w-]{40,}\b/g,
  /\b[A-Z2-7]{16,}\b/g,
];

/** `line` with every value shaped like a secret replaced by `[redacted]`. */
export function redactSecretShapes(line: string): string {
  return secretShapes.reduce((text, shape) => text.replace(shape, '[redacted]'), line);
}

/**
 * Errors as pino logs them, minus what a failed query carries: Drizzle puts the parameters (a
 * password hash, a token, personal data) in the message, the stack and a `params` field, and the
 * database's own error carries them too (PGlite's `params`, the `detail` "Key (email)=(...)" and
 * "Failing row contains (...)"). A failed query logs its SQL text and the database error's
 * SQLSTATE, constraint, table and column, never a value.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (isDatabaseError(error)) return databaseErrorFields(error);
  if (!(error instanceof DrizzleQueryError)) return stdSerializers.err(error);
  const message = `Failed query: ${error.query}`;
  return {
    type: 'DrizzleQueryError',
    message,
    stack: `${message}\n${(error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n')}`,
    cause: error.cause instanceof Error ? serializeError(error.cause) : undefined,
  };
}

type DatabaseError = Error & Partial<Record<(typeof databaseErrorKeys)[number], unknown>>;

/** The fields of a pg or PGlite error that name what failed without quoting a value. */
const databaseErrorKeys = [
  'code',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
] as const;

function isDatabaseError(error: Error): error is DatabaseError {
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  // A SQLSTATE is five characters; Node socket errors (EPIPE) look alike but carry a syscall.
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && syscall === undefined;
}

function databaseErrorFields(error: DatabaseError): Record<string, unknown> {
  const fields: Record<string, unknown> = { type: 'DatabaseError' };
  for (const key of databaseErrorKeys) {
    if (typeof error[key] === 'string') fields[key] = error[key];
  }
  // Data exceptions (class 22) quote the value they refused: "invalid input syntax ...: "abc"".
  if (!String(error.code).startsWith('22')) fields.message = error.message;
  return fields;
}
