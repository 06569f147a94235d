import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakers, SourceUnavailableError } from '@/lib/breaker';
import { getSettings, settingsUnavailableMessage } from '@/lib/company-settings-query';
import { stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const failing = () => jsonResponse({ success: false, message: 'Database down' }, 500);
const answering = () => jsonResponse({ success: true, settings: { companyName: 'Back' } });

describe('getSettings through the settings breaker', () => {
  beforeEach(() => {
    // Only the clock the breaker reads is faked; the requests settle on their own.
    vi.useFakeTimers({ toFake: ['Date'] });
    breakers.resetAll();
    signInAs(testUsers.superadmin);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens after 3 failures: 'Settings temporarily unavailable' without calling, for 45 s", async () => {
    const calls = stubApi({ 'GET /api/settings': failing });
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(getSettings()).rejects.toMatchObject({ status: 500 });
    }
    const skipped = getSettings();
    await expect(skipped).rejects.toBeInstanceOf(SourceUnavailableError);
    await expect(skipped).rejects.toThrow(settingsUnavailableMessage);
    expect(calls).toHaveLength(3);

    stubApi({ 'GET /api/settings': answering });
    vi.setSystemTime(Date.now() + 44_000);
    await expect(getSettings()).rejects.toThrow(settingsUnavailableMessage);
    vi.setSystemTime(Date.now() + 1_000);
    await expect(getSettings()).resolves.toEqual({ companyName: 'Back' });
  });

  it('answers readers one after another without throttling them', async () => {
    const calls = stubApi({ 'GET /api/settings': answering });
    await expect(getSettings()).resolves.toEqual({ companyName: 'Back' });
    await expect(getSettings()).resolves.toEqual({ companyName: 'Back' });
    expect(calls).toHaveLength(2);
  });
});
