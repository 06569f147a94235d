import { otaMessages } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakers } from '@/lib/breaker';
import { otaBreakerName, resetOtaConnection } from '@/features/ota/api/ota-request';
import { OtaPage } from '@/features/ota/components/ota-page';
import {
  callsTo,
  errorResponse,
  otaVersion,
  previousVersion,
  stubOta,
} from '@/features/ota/components/ota-test-data';
import { renderScreen } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const current = otaVersion();
const versionPath = (id: string, action = '') =>
  `/api/ota/versions/${id}${action ? `/${action}` : ''}`;

beforeEach(() => signInAs(testUsers.superadmin));

afterEach(() => {
  toast.dismiss();
  resetOtaConnection();
  vi.unstubAllGlobals();
});

async function openOta() {
  renderScreen(<OtaPage />, '/ota');
  await screen.findByRole('row', { name: /1\.1\.0/ });
}

async function chooseAction(version: string, action: string | RegExp) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for version ${version}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

const reloads = (calls: ReturnType<typeof stubOta>) =>
  callsTo(calls, 'GET', '/api/ota/versions').length;

// The whole OTA page renders per test: under a loaded CI machine the first one passes 5 s.
describe('version actions', { timeout: 15_000 }, () => {
  it('activates an inactive version and reloads the list', async () => {
    const calls = stubOta({
      [`PATCH ${versionPath(previousVersion.id, 'activate')}`]: () =>
        jsonResponse({
          success: true,
          message: otaMessages.activated('1.1.0'),
          version: { ...previousVersion, isActive: true },
        }),
    });
    await openOta();
    await chooseAction('1.1.0', 'Activate');
    // Activation asks first; nothing is sent until it is confirmed.
    const dialog = await screen.findByRole('alertdialog', { name: 'Activate version 1.1.0?' });
    expect(callsTo(calls, 'PATCH', versionPath(previousVersion.id, 'activate'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Version 1.1.0 activated successfully')).toBeInTheDocument();
    await waitFor(() => expect(reloads(calls)).toBe(2));
  });

  it('warns in words and colour before activating a release that crashes more than the one before', async () => {
    const older = otaVersion({
      id: '00000000-0000-4000-8000-0000000000a1',
      version: '1.0.0',
      isActive: true,
      health: { devices: 50, crashedDevices: 0, crashFreeRate: 100, checkedAt: null },
    });
    const worse = {
      ...previousVersion,
      health: { devices: 40, crashedDevices: 2, crashFreeRate: 95, checkedAt: null },
    };
    stubOta({}, [worse, older]);
    renderScreen(<OtaPage />, '/ota');
    await screen.findByRole('row', { name: /1\.1\.0/ });
    await chooseAction('1.1.0', 'Activate');
    const dialog = await screen.findByRole('alertdialog', { name: 'Activate version 1.1.0?' });
    const warning = within(dialog).getByRole('alert');
    expect(warning).toHaveTextContent('1.1.0 is 95% crash-free, below 1.0.0 (100%).');
    expect(warning).toHaveClass('text-red-800');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('deactivates the current version, which also resets the breaker', async () => {
    stubOta({
      [`PATCH ${versionPath(current.id, 'deactivate')}`]: () =>
        jsonResponse({
          success: true,
          message: otaMessages.deactivated,
          version: { ...current, isActive: false },
        }),
    });
    await openOta();
    const breaker = breakers.get(otaBreakerName);
    // Two failures already counted: a successful deactivation clears them.
    for (let failure = 0; failure < 2; failure += 1) {
      await breaker
        .execute(() => Promise.reject(new Error('down')), { fallback: () => null })
        .catch(() => null);
    }
    expect(breaker.getHealth().failureCount).toBe(2);
    await chooseAction('1.2.0', 'Deactivate');
    expect(await screen.findByText('Version deactivated successfully')).toBeInTheDocument();
    expect(breaker.getHealth().failureCount).toBe(0);
  });

  it('says Deactivation Failed with the generic server message', async () => {
    stubOta({
      [`PATCH ${versionPath(current.id, 'deactivate')}`]: () =>
        errorResponse(500, 'INTERNAL_ERROR', 'boom'),
    });
    await openOta();
    await chooseAction('1.2.0', 'Deactivate');
    expect(await screen.findByText('Deactivation Failed')).toBeInTheDocument();
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
  });

  it('deletes an inactive version after a confirmation that names it', async () => {
    const calls = stubOta({
      [`DELETE ${versionPath(previousVersion.id)}`]: () =>
        jsonResponse({ success: true, message: otaMessages.deleted }),
    });
    await openOta();
    await chooseAction('1.1.0', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete version 1.1.0?' });
    expect(confirm).toHaveTextContent('build 11, 14 MB');
    expect(callsTo(calls, 'DELETE', versionPath(previousVersion.id))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Version' }));
    expect(await screen.findByText('Version deleted successfully')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', versionPath(previousVersion.id))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('keeps the active version from being deleted', async () => {
    stubOta();
    await openOta();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for version 1.2.0' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Delete (deactivate first)' }),
    ).toHaveAttribute('aria-disabled', 'true');
  });

  it('says Delete Failed when the server refuses', async () => {
    stubOta({
      [`DELETE ${versionPath(previousVersion.id)}`]: () =>
        errorResponse(409, 'CONFLICT', otaMessages.deleteActive),
    });
    await openOta();
    await chooseAction('1.1.0', 'Delete');
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Version' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText(otaMessages.deleteActive)).toBeInTheDocument();
  });

  it('shows the details with the SHA-256 to copy', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubOta();
    await openOta();
    await chooseAction('1.2.0', 'View Details');
    const details = within(await screen.findByRole('dialog', { name: 'Version Details' }));
    expect(details.getByText('com.patrol.app')).toBeInTheDocument();
    expect(details.getByText('Faster NFC scans')).toBeInTheDocument();
    expect(details.getByText('15 MB')).toBeInTheDocument();
    expect(details.getByText('12')).toBeInTheDocument();
    await userEvent.click(details.getByRole('button', { name: 'Copy checksum' }));
    expect(writeText).toHaveBeenCalledWith(current.checksum);
    expect(await screen.findByText('Checksum copied')).toBeInTheDocument();
  });
});
