import { canPerform, hasPermission } from '@patrol/domain';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi } from '@/test/fake-api';
import { roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';
import { useUpdateNotices, type UpdateNoticesValue } from '../lib/update-notice-context';
import { updateTimings } from '../lib/update-timings';
import { UpdateNoticeProvider } from './update-notice-provider';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

const build = { id: 'build-a', version: '8.2.0' };

beforeEach(() => {
  vi.useFakeTimers();
  breakers.resetAll();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('update notices for each role template', () => {
  it.each(roleTemplateUsers)(
    '%s checks, applies, changes the channel and distributes only as the API allows it',
    async (_role, user) => {
      const calls = stubApi({
        'GET /api/ota/dashboard/check': () =>
          jsonResponse({
            success: true,
            currentVersion: '8.2.0',
            latestVersion: '8.2.0',
            hasUpdate: false,
            updateSize: 0,
            releaseNotes: '',
            channel: 'stable',
            currentBuild: 'build-a',
            latestBuild: 'build-a',
            builtAt: '2026-11-24T10:00:00.000Z',
          }),
        'GET /api/ota/mobile/check': () =>
          jsonResponse({
            success: true,
            android: {
              currentVersion: null,
              latestVersion: null,
              hasUpdate: false,
              downloadUrl: null,
              releaseNotes: '',
            },
          }),
      });
      signInAs(user);
      const seen: { value: UpdateNoticesValue | null } = { value: null };
      function Probe() {
        seen.value = useUpdateNotices();
        return null;
      }
      renderScreen(
        <UpdateNoticeProvider build={build} reload={vi.fn()}>
          <Probe />
        </UpdateNoticeProvider>,
      );
      await act(() => vi.advanceTimersByTimeAsync(updateTimings.firstCheckDelayMs + 100));

      const asked = (path: string) => calls.some((call) => call.path === path);
      expect(asked('/api/ota/dashboard/check')).toBe(canPerform(user, 'checkConsoleUpdate'));
      expect(asked('/api/ota/mobile/check')).toBe(hasPermission(user, 'ota.view'));
      expect(seen.value!.canEdit).toBe(
        canPerform(user, 'applyConsoleUpdate') && canPerform(user, 'changeUpdateChannel'),
      );
      expect(seen.value!.canDistribute).toBe(canPerform(user, 'distributeRelease'));
      // Nothing this role may not do was asked of the API.
      expect(calls.every((call) => call.method === 'GET')).toBe(true);
    },
  );
});
