import { describe, expect, it } from 'vitest';
import { findPostgresError, isUniqueViolation } from './errors';

// Driver behaviour (pg and PGlite through Drizzle) is covered in client.test.ts; these cases pin
// down the shapes that must not be mistaken for a PostgreSQL error.

function postgresError(code: string, constraint?: string): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint'), {
    code,
    constraint,
  });
}

describe('findPostgresError', () => {
  it('reads the code and constraint from the error itself', () => {
    expect(findPostgresError(postgresError('23505', 'users_email_unique'))).toEqual({
      code: '23505',
      constraint: 'users_email_unique',
      detail: undefined,
    });
  });

  it('finds the driver error wrapped as the cause of a query error', () => {
    const wrapped = new Error('Failed query: insert into "users" ...', {
      cause: postgresError('23503'),
    });
    expect(findPostgresError(wrapped)?.code).toBe('23503');
  });

  it('ignores errors that are not from PostgreSQL', () => {
    const socketError = Object.assign(new Error('write EPIPE'), {
      code: 'EPIPE',
      syscall: 'write',
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(findPostgresError(socketError)).toBeUndefined();
    expect(findPostgresError(refused)).toBeUndefined();
    expect(findPostgresError(new Error('plain'))).toBeUndefined();
    expect(findPostgresError({ code: '23505' })).toBeUndefined();
    expect(findPostgresError(undefined)).toBeUndefined();
  });
});

describe('isUniqueViolation', () => {
  it('is true only for SQLSTATE 23505', () => {
    expect(isUniqueViolation(new Error('q', { cause: postgresError('23505') }))).toBe(true);
    expect(isUniqueViolation(postgresError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('no code'))).toBe(false);
  });
});
