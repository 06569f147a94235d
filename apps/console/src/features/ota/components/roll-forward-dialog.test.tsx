import { otaMessages } from '@patrol/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RollForwardDialog } from '@/features/ota/components/roll-forward-dialog';
import {
  otaVersion,
  previousVersion,
  setUpOtaDialogTest,
  testApkFile,
} from '@/features/ota/components/ota-test-data';
import { renderScreen } from '@/test/fake-api';
import { stubXhr } from '@/test/fake-xhr';

setUpOtaDialogTest();

/** 1.2.0 (build 12) halted; 1.1.0 (build 11) before it. */
const halted = otaVersion({
  rolloutPercent: 10,
  rolloutPausedAt: '2026-03-03T01:00:00.000Z',
  rolloutPauseReason: 'Crash-free devices 91.0%',
});

/** 1.1.0 rebuilt: a real APK of com.patrol.app, 1.1.1 with version code 13, unless told. */
const rebuiltApk = (options: Parameters<typeof testApkFile>[0] = {}) =>
  testApkFile({ versionName: '1.1.1', ...options });

function openDialog() {
  const onOpenChange = vi.fn();
  renderScreen(
    <RollForwardDialog
      version={halted}
      goodVersion={previousVersion}
      open
      onOpenChange={onOpenChange}
    />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Roll forward from 1.2.0?' }));
  const choose = (file: File) =>
    fireEvent.change(dialog.getByLabelText('Rebuilt APK of 1.1.0'), { target: { files: [file] } });
  return { dialog, choose, onOpenChange };
}

describe('Roll forward', () => {
  it('reads the APK first and names what the server would refuse, sending nothing', async () => {
    const requests = stubXhr();
    const { dialog, choose } = openDialog();
    const rollForward = dialog.getByRole('button', { name: 'Roll Forward' });
    expect(rollForward).toBeDisabled();

    choose(await rebuiltApk({ versionCode: 12 }));
    expect(await dialog.findByText(otaMessages.versionCodeNotAbove(12, 12))).toBeInTheDocument();
    expect(dialog.getByLabelText('Rebuilt APK of 1.1.0')).toHaveAttribute('aria-invalid', 'true');
    expect(rollForward).toBeDisabled();

    choose(await rebuiltApk({ packageName: 'com.other.app' }));
    expect(
      await dialog.findByText(otaMessages.packageMismatch('com.other.app', 'com.patrol.app')),
    ).toBeInTheDocument();

    choose(await rebuiltApk({ versionName: '1.1.0' }));
    expect(await dialog.findByText(otaMessages.versionExists('1.1.0'))).toBeInTheDocument();

    choose(new File(['PK'], 'notes.txt'));
    expect(await dialog.findByText(otaMessages.apkOnly)).toBeInTheDocument();
    expect(rollForward).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('sends a build that passes, with its progress, and closes on success', async () => {
    const requests = stubXhr();
    const { dialog, choose, onOpenChange } = openDialog();
    choose(await rebuiltApk());
    expect(
      await dialog.findByText('com.patrol.app, version 1.1.1, version code 13', { exact: false }),
    ).toBeInTheDocument();
    const rollForward = dialog.getByRole('button', { name: 'Roll Forward' });
    await waitFor(() => expect(rollForward).toBeEnabled());
    await userEvent.click(rollForward);

    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.url).toBe(`/api/ota/versions/${halted.id}/roll-forward`);
    expect((request.field('apk') as File).name).toBe('patrol-1.1.1.apk');
    act(() => request.progress(1024, 2048));
    expect(dialog.getByText('Uploading 50%')).toBeInTheDocument();
    act(() =>
      request.respond(201, {
        success: true,
        message: 'Rolled forward: 1.1.1 (build 13) republishes 1.1.0 in place of 1.2.0',
        version: otaVersion({ version: '1.1.1', buildNumber: 13 }),
      }),
    );
    expect(
      await screen.findByText(
        'Rolled forward: 1.1.1 (build 13) republishes 1.1.0 in place of 1.2.0',
      ),
    ).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
