import { commonMessages, type ErrorCode } from '@patrol/contracts';

/** Field path (dotted) -> message, as carried in the envelope's `errors`. */
export type FieldErrors = Record<string, string>;

/** An expected failure: the error middleware answers it with its status and the error envelope. */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

/** 404 NOT_FOUND, e.g. notFound('Client not found'). */
export function notFound(message = 'The requested resource was not found.'): AppError {
  return new AppError(404, 'NOT_FOUND', message);
}

/** 403 FORBIDDEN with the shared permission message unless another is given. */
export function forbidden(message: string = commonMessages.forbidden): AppError {
  return new AppError(403, 'FORBIDDEN', message);
}

/** 401 UNAUTHENTICATED: the console answers it with one token refresh, then the login page. */
export function unauthenticated(message: string = commonMessages.unauthenticated): AppError {
  return new AppError(401, 'UNAUTHENTICATED', message);
}

/** 409 CONFLICT, e.g. a duplicate key or a state change that no longer applies. */
export function conflict(message: string): AppError {
  return new AppError(409, 'CONFLICT', message);
}

/** 400 VALIDATION_ERROR for rules a schema cannot express; `errors` maps fields to messages. */
export function invalid(message: string, errors?: FieldErrors): AppError {
  return new AppError(400, 'VALIDATION_ERROR', message, errors);
}

/** 429 RATE_LIMITED with the shared message. */
export function tooMany(message: string = commonMessages.rateLimited): AppError {
  return new AppError(429, 'RATE_LIMITED', message);
}
