import { commonMessages, type ErrorCode, type ErrorEnvelope } from '@patrol/contracts';
import { logger } from '@/lib/logger';
import { sessionStore } from '@/lib/session-storage';

/** Codes the client adds when no usable answer came from the API. */
export type TransportErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE';

/** Every failed call surfaces as one of these, whatever went wrong. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** The envelope's error code, a transport code, or one derived from the status. */
    readonly code: ErrorCode | TransportErrorCode,
    message: string,
    /** Per-field messages of a validation failure, keyed by field path. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * API base: empty when the console is served by the API (the default), so calls go to the same
 * origin; VITE_API_BASE at build time points a separately hosted console at its API.
 */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * Spec 1 section 9: a production build configured with a non-HTTPS API base sends tokens in
 * clear, so it says so (as an error, the only level production logs). Null when all is well.
 */
export function insecureApiBaseWarning(base: string, production: boolean): string | null {
  if (!production || base === '' || base.startsWith('https://')) return null;
  return `Security warning: the API base ${base} does not use HTTPS; passwords and tokens travel unencrypted.`;
}

/** Per-call timeout (spec 1 section 9): 10 s, 60 s in production builds. */
export const requestTimeoutMs = import.meta.env.PROD ? 60_000 : 10_000;

/**
 * Runs after a 401 on a call that may refresh; resolves true when a new token is stored and the
 * call should be retried once. `sentToken` is the token the failed call carried (null: none),
 * so a call that raced a finished refresh is retried without refreshing again. The token-refresh
 * queue (lib/token-refresh.ts) installs it.
 */
export type UnauthorizedHandler = (
  failedPath: string,
  sentToken?: string | null,
) => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Installs (or with null removes) the hook that handles 401 answers. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/**
 * For calls made outside apiRequest (uploads through XMLHttpRequest): runs the 401 hook and
 * answers whether the call should be sent again with the new token.
 */
export function retryAfterUnauthorized(
  failedPath: string,
  sentToken: string | null,
): Promise<boolean> {
  return unauthorizedHandler ? unauthorizedHandler(failedPath, sentToken) : Promise.resolve(false);
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is for FormData (the browser then sets the multipart boundary). */
  body?: unknown;
  /** Query parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'json' (default), 'text' or 'blob' for downloads. */
  responseType?: 'json' | 'text' | 'blob';
  /** Sign-in, register and password calls: a 401 means bad input, never an expired token. */
  skipAuthRefresh?: boolean;
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

function transportMessage(status: number): string {
  if (status === 401) return commonMessages.unauthenticated;
  if (status === 429) return commonMessages.rateLimited;
  return commonMessages.serverError;
}

async function readEnvelope(body: unknown): Promise<ErrorEnvelope | null> {
  if (body === null) return null;
  try {
    const { readErrorEnvelope } = await import('@/lib/error-envelope');
    return readErrorEnvelope(body);
  } catch {
    // The schema's chunk failed to load (a newer build replaced it): the status still tells.
    return null;
  }
}

/** Turns a failed response into an ApiError, preferring the server's error envelope. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: use the transport message.
  }
  const envelope = await readEnvelope(body);
  if (envelope) {
    const { error, message, errors } = envelope;
    return new ApiError(response.status, error, message, errors ?? {});
  }
  const code = statusCodes[response.status] ?? 'INTERNAL_ERROR';
  return new ApiError(response.status, code, transportMessage(response.status));
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

function buildInit(options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = sessionStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, credentials: 'include', signal };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? requestTimeoutMs);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);
  try {
    return await fetch(buildUrl(path, options.query), buildInit(options, controller.signal));
  } catch (error) {
    // A caller's own cancellation (e.g. TanStack Query) is not a failure to report.
    if (options.signal?.aborted) throw error;
    if (timedOut) throw new ApiError(0, 'TIMEOUT', commonMessages.network);
    throw new ApiError(0, 'NETWORK_ERROR', commonMessages.network);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

async function readBody<T>(response: Response, responseType: RequestOptions['responseType']) {
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'text') return (await response.text()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // An HTML page where JSON was due means something other than the API answered.
    throw new ApiError(response.status, 'INVALID_RESPONSE', commonMessages.serverError);
  }
}

/** Calls the API and returns the parsed body, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sentToken = sessionStore.getToken();
  const startedAt = performance.now();
  let response = await send(path, options);
  logger.timing(`${options.method ?? 'GET'} ${path}`, performance.now() - startedAt);
  if (response.status === 401 && !options.skipAuthRefresh) {
    if (await retryAfterUnauthorized(path, sentToken)) response = await send(path, options);
  }
  if (!response.ok) throw await toApiError(response);
  return readBody<T>(response, options.responseType);
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands for apiRequest by method. */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Calls the API and returns the response itself once its headers arrive, for a body read as a
 * stream (an event stream); a 401 goes through the token refresh first, like apiRequest, and a
 * failure status throws an ApiError. The timeout covers the wait for the headers only.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const sentToken = sessionStore.getToken();
  let response = await send(path, options);
  if (response.status === 401 && !options.skipAuthRefresh && unauthorizedHandler) {
    if (await unauthorizedHandler(path, sentToken)) response = await send(path, options);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}
