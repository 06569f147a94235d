import { crashMappingMessages, otaMessages, type CrashMapping } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOtaConnection } from '@/features/ota/api/ota-request';
import { otaVersion } from '@/features/ota/components/ota-test-data';
import { UploadApkDialog } from '@/features/ota/components/upload-apk-dialog';
import { VersionMappingSection } from '@/features/ota/components/version-mapping-section';
import { jsonResponse } from '@/test/test-utils';
import { renderScreen, stubApi } from '@/test/fake-api';
import { stubXhr } from '@/test/fake-xhr';
import { signInAs, testUsers } from '@/test/test-utils';

const mapping: CrashMapping = {
  fileSize: 3_145_728,
  checksum: 'ab'.repeat(32),
  classCount: 1840,
  uploadedAt: '2026-11-24T01:30:00.000Z',
  downloadUrl: '/api/ota/versions/v1/mapping',
  retracedAt: null,
};

function mappingFile(size = 4096, name = 'mapping.txt'): File {
  const file = new File(['com.patrol.A -> a:'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  toast.dismiss();
  resetOtaConnection();
  vi.unstubAllGlobals();
});

describe('the mapping of a release', () => {
  it('uploads a mapping for an existing release with a progress bar', async () => {
    stubApi({});
    const requests = stubXhr();
    renderScreen(<VersionMappingSection version={otaVersion({ mapping: null })} />);
    fireEvent.change(screen.getByLabelText('Mapping file (mapping.txt)'), {
      target: { files: [mappingFile()] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload Mapping' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.url).toBe(`/api/ota/versions/${otaVersion().id}/mapping`);
    expect((request.field('mapping') as File).name).toBe('mapping.txt');
    act(() => request.progress(1024, 4096));
    expect(screen.getByRole('progressbar', { name: 'Mapping upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    act(() =>
      request.respond(201, {
        success: true,
        message: crashMappingMessages.uploaded('1.2.0'),
        mapping,
      }),
    );
    expect(await screen.findByText(crashMappingMessages.uploaded('1.2.0'))).toBeInTheDocument();
  });

  it('refuses a file over the size limit before sending it', async () => {
    stubApi({});
    const requests = stubXhr();
    renderScreen(<VersionMappingSection version={otaVersion({ mapping: null })} />);
    fireEvent.change(screen.getByLabelText('Mapping file (mapping.txt)'), {
      target: { files: [mappingFile(209_715_201)] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(crashMappingMessages.tooLarge);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Mapping' }));
    expect(requests).toHaveLength(0);
  });

  it('lists the mapping with its SHA-256, and deletes it only once confirmed', async () => {
    const calls = stubApi({
      'DELETE /api/ota/versions/00000000-0000-4000-8000-000000000012/mapping': () =>
        jsonResponse({ success: true, message: crashMappingMessages.deleted }),
    });
    renderScreen(<VersionMappingSection version={otaVersion({ mapping })} />);
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText(/1,840 classes/)).toBeInTheDocument();
    expect(screen.getByText('Retracing earlier crash reports...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Mapping' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Mapping' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(confirm.getByRole('button', { name: 'Delete Mapping' }));
    expect(await screen.findByText(crashMappingMessages.deleted)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the mapping without upload or delete to a reader (no ota.upload)', () => {
    signInAs({ ...testUsers.sales, permissions: [...testUsers.sales.permissions, 'ota.view'] });
    stubApi({});
    renderScreen(<VersionMappingSection version={otaVersion({ mapping })} />);
    expect(screen.queryByRole('button', { name: 'Delete Mapping' })).not.toBeInTheDocument();
    renderScreen(<VersionMappingSection version={otaVersion({ mapping: null })} />);
    expect(screen.getByText('No mapping uploaded')).toBeInTheDocument();
  });

  it('uploads the mapping chosen with the APK to the new release', async () => {
    stubApi({});
    const requests = stubXhr();
    const onOpenChange = vi.fn();
    renderScreen(<UploadApkDialog open onOpenChange={onOpenChange} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Upload New APK' }));
    const apk = new File(
      [new Uint8Array(await buildTestApk({ versionCode: 13, versionName: '1.3.0' }))],
      'patrol-1.3.0.apk',
    );
    fireEvent.change(dialog.getByLabelText('APK file'), { target: { files: [apk] } });
    fireEvent.change(dialog.getByLabelText('Mapping file'), {
      target: { files: [mappingFile()] },
    });
    // The version is read from the APK.
    await waitFor(() => expect(dialog.getByLabelText('Version')).toHaveValue('1.3.0'));
    await userEvent.click(dialog.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const created = otaVersion({ id: 'new-release', version: '1.3.0' });
    act(() =>
      requests[0]!.respond(201, {
        success: true,
        message: otaMessages.uploaded('1.3.0'),
        version: created,
      }),
    );
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url).toBe('/api/ota/versions/new-release/mapping');
    act(() => requests[1]!.progress(2048, 4096));
    expect(dialog.getByText('Uploading mapping... 50%')).toBeInTheDocument();
    act(() =>
      requests[1]!.respond(201, {
        success: true,
        message: crashMappingMessages.uploaded('1.3.0'),
        mapping,
      }),
    );
    expect(await screen.findByText(crashMappingMessages.uploaded('1.3.0'))).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
