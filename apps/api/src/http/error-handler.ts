import { commonMessages, type ErrorCode, type ErrorEnvelope } from '@patrol/contracts';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { z } from 'zod';
import { isDataException, isDatabaseUnavailable, isUniqueViolation } from '../db/errors';
import { AppError, notFound, type FieldErrors } from './app-error';

/**
 * Errors raised by express.json (body-parser), its decompression and the router's path decoding
 * carry an HTTP status (http-errors); body-parser's also carry a `type`.
 */
interface HttpError {
  status: number;
  type?: unknown;
}

/** Seconds a caller should wait when the database is unavailable (the pool reconnects by then). */
export const databaseRetryAfterSeconds = 5;

const bodyParserFailures: Record<string, { status: number; code: ErrorCode; message: string }> = {
  'entity.parse.failed': {
    status: 400,
    code: 'INVALID_JSON',
    message: 'Request body is not valid JSON.',
  },
  'entity.too.large': {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large.',
  },
  'encoding.unsupported': {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Request body encoding is not supported.',
  },
  'charset.unsupported': {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Request body charset is not supported.',
  },
};

/** Answers a path no route serves with the 404 envelope (under /api: before the console fallback). */
export const routeNotFound: RequestHandler = (req) => {
  throw notFound(`No route for ${req.method} ${req.baseUrl}${req.path}.`);
};

/**
 * The single error middleware: expected failures keep their status and code; anything else is
 * logged with its stack and answered 500 with the request id, never with the stack.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) {
    // Too late for an error answer: log one line (Express's own handler would print the stack
    // on stderr, outside the JSON log) and cut the connection so the client sees a broken answer.
    req.log.error({ err: error }, 'request failed after its answer started');
    res.destroy();
    return;
  }
  const { status, envelope } = toEnvelope(error, req);
  if (status === 503) req.log.warn({ err: error }, 'database unavailable');
  else if (status >= 500) req.log.error({ err: error }, 'request failed');
  if (envelope.retryAfter) res.setHeader('Retry-After', String(envelope.retryAfter));
  res.status(status).json(envelope);
};

function toEnvelope(error: unknown, req: Request): { status: number; envelope: ErrorEnvelope } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      envelope: failure(error.code, error.message, error.errors),
    };
  }
  if (error instanceof z.ZodError) {
    return {
      status: 400,
      envelope: failure(
        'VALIDATION_ERROR',
        error.issues[0]?.message ?? 'Invalid request.',
        fieldErrors(error),
      ),
    };
  }
  if (isHttpError(error)) {
    const known = typeof error.type === 'string' ? bodyParserFailures[error.type] : undefined;
    if (known) return { status: known.status, envelope: failure(known.code, known.message) };
    if (error instanceof URIError || error.status < 500) {
      // The router's decode failures are URIErrors; anything else is an unreadable body.
      const message =
        error instanceof URIError
          ? 'The request path is not correctly encoded.'
          : 'The request body could not be read.';
      return { status: 400, envelope: failure('VALIDATION_ERROR', message) };
    }
  }
  if (error instanceof URIError) {
    return {
      status: 400,
      envelope: failure('VALIDATION_ERROR', 'The request is not correctly encoded.'),
    };
  }
  if (isUniqueViolation(error)) {
    return {
      status: 409,
      envelope: failure('CONFLICT', 'A record with the same unique value already exists.'),
    };
  }
  if (isDataException(error)) {
    return {
      status: 400,
      envelope: failure('VALIDATION_ERROR', 'A value in the request cannot be stored.'),
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      envelope: {
        ...failure('SERVICE_UNAVAILABLE', commonMessages.serviceUnavailable),
        retryAfter: databaseRetryAfterSeconds,
      },
    };
  }
  return {
    status: 500,
    envelope: {
      ...failure('INTERNAL_ERROR', commonMessages.serverError),
      requestId: String(req.id),
    },
  };
}

function failure(code: ErrorCode, message: string, errors?: FieldErrors): ErrorEnvelope {
  return errors && Object.keys(errors).length > 0
    ? { success: false, error: code, message, errors }
    : { success: false, error: code, message };
}

/** The first message per field, keyed by the dotted path (`address.city`, `items.0.quantity`). */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

function isHttpError(error: unknown): error is HttpError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as Partial<HttpError>).status === 'number'
  );
}
