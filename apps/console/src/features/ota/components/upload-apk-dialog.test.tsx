import { otaMessages, type OtaVersion } from '@patrol/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadApkDialog } from '@/features/ota/components/upload-apk-dialog';
import {
  otaVersion,
  setUpOtaDialogTest,
  testApkFile,
} from '@/features/ota/components/ota-test-data';
import { renderScreen } from '@/test/fake-api';
import { stubXhr, type FakeXhr } from '@/test/fake-xhr';

setUpOtaDialogTest();

/** A file of `bytes` (a text that is no APK unless given), with the size it claims. */
function apkFile(name = 'patrol-1.3.0.apk', size = 2048, bytes: BlobPart = 'PK'): File {
  const file = new File([bytes], name, { type: 'application/vnd.android.package-archive' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function openDialog(releases: OtaVersion[] = []) {
  const onOpenChange = vi.fn();
  renderScreen(<UploadApkDialog open onOpenChange={onOpenChange} releases={releases} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Upload New APK' }));
  return { dialog, onOpenChange };
}

function chooseFile(dialog: ReturnType<typeof openDialog>['dialog'], file: File) {
  fireEvent.change(dialog.getByLabelText('APK file'), { target: { files: [file] } });
}

async function fillAndSubmit(dialog: ReturnType<typeof openDialog>['dialog']) {
  chooseFile(dialog, await testApkFile());
  // The APK is read in the browser: its version name fills Version.
  await waitFor(() => expect(dialog.getByLabelText('Version')).toHaveValue('1.3.0'));
  await userEvent.type(dialog.getByLabelText('Release notes'), 'Offline checkpoint queue');
  await userEvent.clear(dialog.getByLabelText('Rollout percentage'));
  await userEvent.type(dialog.getByLabelText('Rollout percentage'), '25');
  await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
}

async function sentRequest(requests: FakeXhr[]): Promise<FakeXhr> {
  await waitFor(() => expect(requests).toHaveLength(1));
  return requests[0]!;
}

describe('Upload New APK', () => {
  it('checks the file and the version before sending anything', async () => {
    const requests = stubXhr();
    const { dialog } = openDialog();

    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findAllByText(otaMessages.fileAndVersionRequired)).toHaveLength(2);

    chooseFile(dialog, apkFile('notes.txt'));
    expect(await dialog.findByText(otaMessages.apkOnly)).toBeInTheDocument();

    chooseFile(dialog, apkFile('huge.apk', 209_715_201));
    expect(await dialog.findByText(otaMessages.apkTooLarge)).toBeInTheDocument();
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();

    chooseFile(dialog, await testApkFile());
    await waitFor(() => expect(dialog.getByLabelText('Version')).toHaveValue('1.3.0'));
    await userEvent.clear(dialog.getByLabelText('Version'));
    await userEvent.type(dialog.getByLabelText('Version'), 'v 1.3!');
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(await dialog.findByText(otaMessages.versionCharacters)).toBeInTheDocument();
    expect(dialog.getByLabelText('Version')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('uploads with a progress bar and says Upload Successful', async () => {
    const requests = stubXhr();
    const { dialog, onOpenChange } = openDialog();
    await fillAndSubmit(dialog);

    const request = await sentRequest(requests);
    expect(request.url).toBe('/api/ota/upload');
    expect(request.timeout).toBe(300_000);
    expect(request.headers.Authorization).toBe('Bearer test-token');
    expect(request.field('version')).toBe('1.3.0');
    expect(request.field('releaseNotes')).toBe('Offline checkpoint queue');
    expect(request.field('channel')).toBe('stable');
    expect(request.field('rolloutPercent')).toBe('25');
    expect((request.field('apk') as File).name).toBe('patrol-1.3.0.apk');
    expect(dialog.getByText('patrol-1.3.0.apk', { exact: false }).textContent).toContain(
      'com.patrol.app, version 1.3.0, version code 13.',
    );

    act(() => request.progress(512, 2048));
    const bar = dialog.getByRole('progressbar', { name: 'APK upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(dialog.getByText('Uploading... 25%')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    act(() => request.progress(2048, 2048));
    expect(dialog.getByText('Uploading... 100%')).toBeInTheDocument();

    act(() =>
      request.respond(201, {
        success: true,
        message: otaMessages.uploaded('1.3.0'),
        version: otaVersion({ version: '1.3.0', buildNumber: 13 }),
      }),
    );
    expect(await screen.findByText('Upload Successful')).toBeInTheDocument();
    expect(screen.getByText('Version 1.3.0 uploaded successfully')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('explains a refusal over 200MB (413)', async () => {
    const requests = stubXhr();
    const { dialog, onOpenChange } = openDialog();
    await fillAndSubmit(dialog);
    const request = await sentRequest(requests);
    act(() =>
      request.respond(413, {
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: otaMessages.apkTooLarge,
      }),
    );
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(
      screen.getAllByText(/The APK file is too large. Maximum size is 200MB./).length,
    ).toBeGreaterThan(0);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it.each([
    ['timeout', (request: FakeXhr) => request.timeOut(), 'Upload Timeout'],
    ['network', (request: FakeXhr) => request.failNetwork(), 'Network Error'],
    [
      '500',
      (request: FakeXhr) =>
        request.respond(500, { success: false, error: 'INTERNAL_ERROR', message: 'boom' }),
      'Failed to upload APK. Please try again.',
    ],
  ])('names a %s failure', async (_kind, fail, expected) => {
    const requests = stubXhr();
    const { dialog } = openDialog();
    await fillAndSubmit(dialog);
    const request = await sentRequest(requests);
    act(() => fail(request));
    expect((await screen.findAllByText(new RegExp(expected))).length).toBeGreaterThan(0);
  });

  it("puts the server's version mismatch under the Version field", async () => {
    const requests = stubXhr();
    const { dialog } = openDialog();
    await fillAndSubmit(dialog);
    const request = await sentRequest(requests);
    const mismatch = otaMessages.versionMismatch('1.3.0', '1.3.1');
    act(() =>
      request.respond(400, {
        success: false,
        error: 'VALIDATION_ERROR',
        message: mismatch,
        errors: { version: mismatch },
      }),
    );
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByLabelText('Version')).toHaveAccessibleDescription(mismatch),
    );
  });

  it('says in words that a file is not an APK, and sends nothing', async () => {
    const requests = stubXhr();
    const { dialog } = openDialog();
    chooseFile(dialog, apkFile('patrol.apk', 10, 'plain text'));
    expect(await dialog.findByText(otaMessages.notAZip)).toBeInTheDocument();
    expect(dialog.getByLabelText('APK file')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(dialog.getByLabelText('Version'), '1.3.0');
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(requests).toHaveLength(0);
  });

  it("says a version typed over the APK's, keeping what was typed, and sends nothing", async () => {
    const requests = stubXhr();
    const { dialog } = openDialog();
    await userEvent.type(dialog.getByLabelText('Version'), '1.3.1');
    chooseFile(dialog, await testApkFile());
    const mismatch = otaMessages.versionMismatch('1.3.1', '1.3.0');
    expect(await dialog.findByText(mismatch)).toBeInTheDocument();
    expect(dialog.getByLabelText('Version')).toHaveValue('1.3.1');
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(requests).toHaveLength(0);
    await userEvent.clear(dialog.getByLabelText('Version'));
    await userEvent.type(dialog.getByLabelText('Version'), '1.3.0');
    expect(dialog.queryByText(mismatch)).not.toBeInTheDocument();
  });

  it('says what the server would refuse against the releases here', async () => {
    const requests = stubXhr();
    const { dialog } = openDialog([otaVersion({ version: '1.2.0', buildNumber: 12 })]);
    chooseFile(dialog, await testApkFile({ versionCode: 12 }));
    expect(await dialog.findByText(otaMessages.versionCodeNotAbove(12, 12))).toBeInTheDocument();
    chooseFile(dialog, await testApkFile({ versionName: '1.2.0', versionCode: 14 }));
    expect(await dialog.findByText(otaMessages.versionExists('1.2.0'))).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    expect(requests).toHaveLength(0);
  });
});
