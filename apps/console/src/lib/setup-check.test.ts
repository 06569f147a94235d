import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSetup, clearSetupCheckCache, setupCheckMessages } from '@/lib/setup-check';
import { jsonResponse } from '@/test/test-utils';

const fetchMock = vi.fn<typeof fetch>();
let clock = 1_000_000;
const now = () => clock;

beforeEach(() => {
  clearSetupCheckCache();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clock += 60_000;
});

describe('checkSetup', () => {
  it('is ready when a superadmin exists, and reuses that answer for 30 s', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, exists: true }));
    expect(await checkSetup(now)).toBe('ready');
    clock += 29_000;
    expect(await checkSetup(now)).toBe('ready');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([404, 500])('treats a %i as setup needed', async (status) => {
    fetchMock.mockResolvedValue(new Response('', { status }));
    expect(await checkSetup(now)).toBe('setup-needed');
  });

  it('falls back to the cached answer on a 429', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, exists: true }));
    await checkSetup(now);
    clock += 31_000;
    fetchMock.mockResolvedValueOnce(new Response('', { status: 429 }));
    expect(await checkSetup(now)).toBe('ready');
  });

  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a gateway error', () => Promise.resolve(new Response('', { status: 502 }))],
  ])('reports an unreachable server on %s', async (_case, answer) => {
    fetchMock.mockImplementation(answer);
    await expect(checkSetup(now)).rejects.toThrow(setupCheckMessages.unreachable);
  });

  it('reports other failures as a failed check', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 403 }));
    await expect(checkSetup(now)).rejects.toThrow(setupCheckMessages.failed);
  });
});
