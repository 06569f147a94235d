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
 * password hash, a token, personal data) in the message, the stack and a `params` field, so a
 * failed query logs its SQL text and the database's own error only.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (!(error instanceof DrizzleQueryError)) return stdSerializers.err(error);
  const message = `Failed query: ${error.query}`;
  return {
    type: 'DrizzleQueryError',
    message,
    stack: `${message}\n${(error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n')}`,
    cause: error.cause instanceof Error ? stdSerializers.err(error.cause) : undefined,
  };
}
