import { vi } from 'vitest';
import { jsonResponse, testUsers } from '@/test/test-utils';

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;

/** A fetch stub answering by path; unknown paths get a 404 envelope. */
export function stubAuthFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0]!;
    const handler = handlers[path];
    if (!handler) {
      return jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Not found' }, 404);
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    return handler(body as Record<string, unknown>);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The body sent with the first call to `path`. */
export function sentBody(fetchMock: ReturnType<typeof stubAuthFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input) === path);
  return call && typeof call[1]?.body === 'string' ? JSON.parse(call[1].body) : undefined;
}

export const sessionAnswer = {
  success: true,
  requires2FA: false,
  requiresTwoFactor: false,
  token: 'access-1',
  refreshToken: 'refresh-1',
  user: testUsers.superadmin,
};

export const setupAnswer = {
  success: true,
  message: 'Scan the QR code',
  setupToken: 'setup-token-1',
  qrCodeDataURL: 'data:image/png;base64,iVBORw0KGgo=',
  twoFASecret: 'JBSWY3DPEHPK3PXP',
  backupCodes: ['12345678', '23456789', '34567890', '45678901'],
};

export const validateAnswer = () =>
  jsonResponse({ success: true, valid: true, user: testUsers.superadmin });

export const errorAnswer = (status: number, error: string, message: string) => () =>
  jsonResponse({ success: false, error, message }, status);
