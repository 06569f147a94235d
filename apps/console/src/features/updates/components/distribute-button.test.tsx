import type { OtaVersion } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import type { UpdateNotice } from '../lib/notices';
import type { UpdateNoticesValue } from '../lib/update-notice-context';
import { DistributeButton } from './distribute-button';

/** A release as GET /api/ota/versions lists it, with its crash-free devices. */
const release = (version: string, crashFreeRate: number, isActive: boolean) =>
  ({
    id: `id-${version}`,
    version,
    platform: 'android',
    isActive,
    health: { devices: 40, crashedDevices: 0, crashFreeRate, checkedAt: null },
  }) as OtaVersion;

const notice = {
  key: 'mobile_update:3.2.0',
  type: 'mobile_update',
  version: '3.2.0',
} as UpdateNotice;

function renderButton(current: string) {
  const distribute = vi.fn(async () => undefined);
  const notices = { distributing: null, mobile: { current, latest: '3.2.0' }, distribute };
  renderScreen(
    <DistributeButton notice={notice} notices={notices as unknown as UpdateNoticesValue} />,
  );
  return distribute;
}

afterEach(() => vi.unstubAllGlobals());

describe('Distribute on an app release notice', () => {
  it('warns in words and colour when the release crashes more than the one devices have', async () => {
    signInAs(testUsers.superadmin);
    stubApi({
      'GET /api/ota/versions': () =>
        jsonResponse({
          success: true,
          // 3.1.5 was uploaded between them but never offered: 3.2.0 is weighed against 3.1.0.
          versions: [
            release('3.2.0', 95, false),
            release('3.1.5', 90, false),
            release('3.1.0', 99, true),
          ],
          currentVersion: '3.1.0',
          latestVersion: '3.2.0',
          totalVersions: 3,
        }),
    });
    const distribute = renderButton('3.1.0');
    await userEvent.click(screen.getByRole('button', { name: 'Distribute' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Distribute Android app 3.2.0?',
    });
    const warning = await within(confirm).findByRole('alert');
    expect(warning).toHaveTextContent('3.2.0 is 95% crash-free, below 3.1.0 (99%).');
    expect(warning).toHaveClass('text-red-800');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Distribute' }));
    expect(distribute).toHaveBeenCalledWith(notice);
  });

  it('asks without a warning when the figures cannot be read (no ota.view)', async () => {
    signInAs({ ...testUsers.sales, permissions: ['ota.activate'] });
    const calls = stubApi({});
    renderButton('3.1.0');
    await userEvent.click(screen.getByRole('button', { name: 'Distribute' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Distribute Android app 3.2.0?',
    });
    expect(within(confirm).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/ota/versions')).toHaveLength(0);
  });
});
