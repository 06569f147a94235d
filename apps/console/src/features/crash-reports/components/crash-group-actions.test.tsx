import type { ConsoleActionName, CrashStackVariantsResponse } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashGroupDialog } from '@/features/crash-reports/components/crash-group-dialog';
import {
  groupDetail,
  groupsPage,
  sampleGroup,
} from '@/features/crash-reports/components/crash-reports-test-data';
import { renderScreen, stubApi, type FakeCall } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import type { StoredUser } from '@/lib/session-storage';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const groupPath = `/api/crash-reports/groups/${sampleGroup.fingerprint}`;
const merged = [
  { fingerprint: 'ffff000011112222', mergedAt: '2026-11-24T01:30:00.000Z', occurrences: 3 },
];
const reportOf = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000030${n}`,
  createdAt: `2026-11-2${n}T01:00:00.000Z`,
  appVersion: '2.4.1',
  deviceId: `MPDID-SITE-${n}`,
});
const variants: CrashStackVariantsResponse = {
  success: true,
  data: {
    scanned: 3,
    variants: [
      {
        key: '1111222233334444',
        frames: ['com.patrol.scan.ScanActivity.onTag', 'android.os.Looper.loop'],
        frameCount: 2,
        occurrences: 1,
        lastSeen: '2026-11-21T01:00:00.000Z',
        reports: [reportOf(1)],
      },
      {
        key: '5555666677778888',
        frames: ['com.patrol.scan.ScanActivity.onTag', 'okhttp3.RealCall.run'],
        frameCount: 2,
        occurrences: 2,
        lastSeen: '2026-11-23T01:00:00.000Z',
        reports: [reportOf(3), reportOf(2)],
      },
    ],
  },
};
const other = { ...sampleGroup, fingerprint: 'abcd000011112222', title: 'TagReader.readTag NPE' };

function openGroup(handlers: Record<string, (call: FakeCall) => Response> = {}) {
  const calls = stubApi({
    [`GET ${groupPath}`]: () => groupDetail(sampleGroup, merged),
    [`GET ${groupPath}/variants`]: () => jsonResponse(variants),
    ...handlers,
  });
  renderScreen(
    <CrashGroupDialog
      fingerprint={sampleGroup.fingerprint}
      onClose={() => {}}
      onShowReports={() => {}}
    />,
  );
  return calls;
}
const actionResponse = (message: string, fingerprint: string) => () =>
  jsonResponse({ success: true, message, data: { ...sampleGroup, fingerprint, merged: [] } });

describe('the group dialog: why grouped, merge, split', () => {
  it('says why the reports are grouped, and splits out a merged group once confirmed', async () => {
    const calls = openGroup({
      [`POST ${groupPath}/split`]: actionResponse('Crash group split', 'ffff000011112222'),
    });
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    expect(await dialog.findByTestId('grouping-reason')).toHaveTextContent(
      'same exception and same 2 in-app frames',
    );
    const region = within(dialog.getByRole('region', { name: 'Merged groups' }));
    await userEvent.click(region.getByRole('button', { name: 'Split Out' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Split Out' }));
    expect(await screen.findByText('Crash group split')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      fingerprint: 'ffff000011112222',
    });
  });

  it('finds the group to merge with the server search and merges it once confirmed', async () => {
    const calls = openGroup({
      'GET /api/crash-reports/groups': () => groupsPage([sampleGroup, other]),
      [`POST ${groupPath}/merge`]: actionResponse('Crash groups merged', sampleGroup.fingerprint),
    });
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    await userEvent.type(
      await dialog.findByLabelText('Find a group to merge into this one'),
      'readTag',
    );
    const found = within(await dialog.findByRole('list', { name: 'Groups found' }));
    expect(await found.findByText(other.title)).toBeInTheDocument();
    // The group itself is never offered.
    expect(found.queryByText(sampleGroup.title)).toBeNull();
    const search = calls.filter((call) => call.path === '/api/crash-reports/groups').at(-1)!;
    expect(search.url.searchParams.get('search')).toBe('readTag');
    await userEvent.click(found.getByRole('button', { name: `Merge ${other.fingerprint}` }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(confirm.getByRole('button', { name: 'Merge Groups' }));
    expect(await screen.findByText('Crash groups merged')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      source: other.fingerprint,
    });
  });

  it('splits a chosen stack variant and a chosen report into a new group once confirmed', async () => {
    const calls = openGroup({
      [`POST ${groupPath}/split-reports`]: actionResponse(
        'Reports split into a new group',
        '9999aaaabbbbcccc',
      ),
    });
    const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
    const region = within(await dialog.findByRole('region', { name: 'Stack variants' }));
    const button = region.getByRole('button', { name: 'Split Into New Group' });
    expect(button).toBeDisabled();
    await userEvent.click(await region.findByRole('checkbox', { name: /^Variant 2: 2 reports/ }));
    await userEvent.click(region.getAllByText('Choose reports')[0]!);
    const first = within(region.getByRole('list', { name: 'Reports of Variant 1' }));
    await userEvent.click(first.getByRole('checkbox', { name: /MPDID-SITE-1/ }));
    await userEvent.click(button);
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(/3 reports leave this group/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Split Into New Group' }));
    expect(await screen.findByText('Reports split into a new group')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect((post.body as { reportIds: string[] }).reportIds.sort()).toEqual(
      [reportOf(1).id, reportOf(2).id, reportOf(3).id].sort(),
    );
  });
});

/** The group dialog's actions and the API action behind each (consoleActions). */
const groupActions: Record<string, ConsoleActionName> = {
  'Find a group to merge into this one': 'mergeCrashGroups',
  'Split Out': 'splitCrashGroup',
  'Split Into New Group': 'splitCrashReports',
};

/** Staff of every role template that reads crash reports, and a reader who may do no more. */
const readers: [string, StoredUser][] = [
  ...roleTemplateUsers.filter(([, user]) => user.permissions?.includes('crashes.view')),
  ['reader', { ...testUsers.sales, role: 'support', permissions: ['crashes.view'] }],
];

describe('the group dialog for each role', () => {
  it.each(readers)(
    '%s is offered exactly the group actions the API allows it',
    async (_r, user) => {
      signInAs(user);
      const calls = openGroup();
      const dialog = within(await screen.findByRole('dialog', { name: sampleGroup.title }));
      await dialog.findByTestId('grouping-reason');
      const expected = permittedActions(user, groupActions);
      if (expected.includes('Split Into New Group')) {
        await dialog.findByRole('button', { name: 'Split Into New Group' });
      }
      const offered = Object.keys(groupActions).filter((label) =>
        label.startsWith('Find')
          ? dialog.queryByLabelText(label) !== null
          : dialog.queryByRole('button', { name: label }) !== null,
      );
      expect(offered.sort()).toEqual(expected);
      // Nothing is asked of the API that would answer 403.
      const asksVariants = calls.some((call) => call.path.endsWith('/variants'));
      expect(asksVariants).toBe(expected.includes('Split Into New Group'));
    },
  );
});
