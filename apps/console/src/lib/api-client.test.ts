import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, insecureApiBaseWarning, setUnauthorizedHandler } from '@/lib/api-client';
import { jsonResponse } from '@/test/test-utils';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
});

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client requests', () => {
  it('sends JSON with the stored bearer token and credentials', async () => {
    localStorage.setItem('token', 'abc');
    fetchMock.mockResolvedValue(jsonResponse({ success: true, id: 1 }));

    const body = await api.post(
      '/api/clients',
      { companyName: 'Acme' },
      { query: { a: 1, b: undefined } },
    );

    expect(body).toEqual({ success: true, id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clients?a=1');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"companyName":"Acme"}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/json',
    });
  });

  it('leaves the content type to the browser for form data', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    await api.post('/api/ota/upload', new FormData());
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });
});

describe('api client error mapping', () => {
  it('maps the error envelope to status, code, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: false,
          error: 'VALIDATION_ERROR',
          message: 'Invalid input',
          errors: { email: 'Please enter a valid email address' },
        },
        400,
      ),
    );
    const error = await failureOf(api.post('/api/clients', {}));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Invalid input');
    expect(error.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
  });

  it.each([
    [401, 'UNAUTHENTICATED', 'Authentication required. Please log in again.'],
    [429, 'RATE_LIMITED', 'Too many requests. Please wait a moment before trying again.'],
    [502, 'INTERNAL_ERROR', 'Server error occurred. Please try again later.'],
  ])('uses the transport message for a bare %i', async (status, code, message) => {
    fetchMock.mockResolvedValue(new Response('<html>gateway</html>', { status }));
    const error = await failureOf(api.get('/api/clients'));
    expect(error).toMatchObject({ status, code, message, fieldErrors: {} });
  });

  it('reports a network failure with the transport message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(api.get('/api/clients'));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Network connection failed. Please check your internet connection.',
    });
  });

  it('aborts a call that outlives its timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    );
    const pending = failureOf(api.get('/api/clients/dashboard'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('reports an HTML page where JSON was expected as a server error', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200 }));
    const error = await failureOf(api.get('/api/settings'));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('api client unauthorized hook', () => {
  it('retries once when the hook refreshed the token, telling it which token failed', async () => {
    localStorage.setItem('token', 'expired');
    const handler = vi.fn().mockResolvedValue(true);
    setUnauthorizedHandler(handler);
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ success: false, error: 'TOKEN_EXPIRED', message: 'Expired' }, 401),
      )
      .mockResolvedValueOnce(jsonResponse({ success: true }));

    await expect(api.get('/api/clients')).resolves.toEqual({ success: true });
    expect(handler).toHaveBeenCalledWith('/api/clients', 'expired');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never runs the hook for calls that skip refresh', async () => {
    const handler = vi.fn().mockResolvedValue(true);
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, error: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
        401,
      ),
    );

    const error = await failureOf(api.post('/api/auth/login', {}, { skipAuthRefresh: true }));
    expect(error.message).toBe('Invalid email or password');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('insecureApiBaseWarning', () => {
  it('warns about a production build pointed at a plain-HTTP API only', () => {
    expect(insecureApiBaseWarning('http://api.example.com', true)).toBe(
      'Security warning: the API base http://api.example.com does not use HTTPS; passwords and tokens travel unencrypted.',
    );
    expect(insecureApiBaseWarning('https://api.example.com', true)).toBeNull();
    expect(insecureApiBaseWarning('', true)).toBeNull();
    expect(insecureApiBaseWarning('http://localhost:3000', false)).toBeNull();
  });
});
