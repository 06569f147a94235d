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
