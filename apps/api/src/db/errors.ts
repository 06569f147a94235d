import { DrizzleQueryError } from 'drizzle-orm/errors';

/** The fields of a PostgreSQL error that callers map to HTTP answers (same on pg and PGlite). */
export interface PostgresError {
  code: string;
  constraint?: string;
  detail?: string;
}

const uniqueViolationCode = '23505';

/**
 * Finds the PostgreSQL error behind a failed query. Drizzle wraps driver errors in a
 * DrizzleQueryError whose `cause` is the pg or PGlite error, so the cause chain is walked.
 */
export function findPostgresError(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Partial<Record<keyof PostgresError | 'syscall', unknown>>;
    // A SQLSTATE is five characters; Node socket errors (EPIPE) look alike but carry a syscall.
    const isSqlState = typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code);
    if (isSqlState && candidate.syscall === undefined) {
      return {
        code: candidate.code as string,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    current = current.cause;
  }
  return undefined;
}

/** True when the error is (or wraps) a PostgreSQL unique violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return findPostgresError(error)?.code === uniqueViolationCode;
}

/**
 * True when PostgreSQL refused a value itself (SQLSTATE class 22, "data exception": a number out
 * of range, text it cannot store, JSON its type refuses). The request was wrong, not the server.
 */
export function isDataException(error: unknown): boolean {
  return findPostgresError(error)?.code.startsWith('22') ?? false;
}

/**
 * SQLSTATEs that mean the database cannot serve now, whatever was asked: connection exceptions
 * (08), too many connections (53300), out of memory or disk (53), shutting down or starting up
 * (57P01-57P03), a statement cancelled by `statement_timeout` (57014).
 */
const unavailableStates = /^(08|53|57P0[1-3]$|57014$)/;

/** Node and pg messages for a connection that failed, dropped or timed out before any SQLSTATE. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** True when the error means "the database is unavailable", so the answer is 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableSocketCodes.has(code)) return true;
    // A failed query's message quotes its parameters, which a caller may have chosen.
    if (!(current instanceof DrizzleQueryError) && unavailableMessages.test(current.message)) {
      return true;
    }
    current = current.cause;
  }
  const state = findPostgresError(error)?.code;
  return state !== undefined && unavailableStates.test(state);
}
