import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOtaConnection } from '@/features/ota/api/ota-request';
import { OtaPage } from '@/features/ota/components/ota-page';
import {
  callsTo,
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

const reloads = (calls: ReturnType<typeof stubOta>) =>
  callsTo(calls, 'GET', '/api/ota/versions').length;

// The whole OTA page renders per test: under a loaded CI machine the first one passes 5 s.
describe('staged rollout', { timeout: 15_000 }, () => {
  it('sets the share of devices offered a version', async () => {
    const calls = stubOta({
      [`PATCH ${versionPath(current.id, 'rollout')}`]: () =>
        jsonResponse({
          success: true,
          message: 'Version 1.2.0 is offered to 25% of devices',
          version: { ...current, rolloutPercent: 25 },
        }),
    });
    await openOta();
    await userEvent.click(screen.getByRole('button', { name: 'Rollout of version 1.2.0: 100%' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '25%' }));
    expect(
      await screen.findByText('Version 1.2.0 is offered to 25% of devices'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', versionPath(current.id, 'rollout'))[0]!.body).toEqual({
      rolloutPercent: 25,
    });
    await waitFor(() => expect(reloads(calls)).toBe(2));
  });

  it('shows why a rollout is halted and resumes it', async () => {
    const paused = otaVersion({
      rolloutPercent: 10,
      rolloutPausedAt: '2026-03-03T01:00:00.000Z',
      rolloutPauseReason: 'Crash-free devices 91.0%, 8.2 points below the previous release',
    });
    const calls = stubOta(
      {
        [`PATCH ${versionPath(paused.id, 'rollout')}`]: () =>
          jsonResponse({
            success: true,
            message: 'Version 1.2.0 is offered to 10% of devices',
            version: { ...paused, rolloutPausedAt: null, rolloutPauseReason: null },
          }),
      },
      [paused, previousVersion],
    );
    await openOta();
    expect(
      screen.getByText('Crash-free devices 91.0%, 8.2 points below the previous release'),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Rollout of version 1.2.0: 10%, halted' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Resume rollout…' }));
    // Resuming offers the release again: it asks first.
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Resume the rollout of 1.2.0?',
    });
    expect(callsTo(calls, 'PATCH', versionPath(paused.id, 'rollout'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Resume Rollout' }));
    expect(
      await screen.findByText('Version 1.2.0 is offered to 10% of devices'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', versionPath(paused.id, 'rollout'))[0]!.body).toEqual({
      paused: false,
    });
  });

  it('halts a climbing rollout after a confirmation naming the release', async () => {
    const climbing = otaVersion({
      rolloutPercent: 5,
      ladder: {
        steps: [1, 5, 10, 25, 50, 100],
        state: 'climbing',
        stepStartedAt: '2026-03-03T01:00:00.000Z',
        minMinutes: 60,
        minSessions: 200,
        nextStep: 10,
        haltRule: null,
      },
    });
    const calls = stubOta(
      {
        [`POST ${versionPath(climbing.id, 'rollout-action')}`]: () =>
          jsonResponse({
            success: true,
            message: 'Rollout of 1.2.0 halted at 5%: Halted by hand',
            version: { ...climbing, rolloutPausedAt: '2026-03-03T02:00:00.000Z' },
          }),
      },
      [climbing, previousVersion],
    );
    await openOta();
    expect(screen.getByText('Climbing · next 10%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rollout of version 1.2.0: 5%' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Halt rollout…' }));
    expect(await screen.findByText('Halt the rollout of 1.2.0?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Halt Rollout' }));
    expect(
      await screen.findByText('Rollout of 1.2.0 halted at 5%: Halted by hand'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', versionPath(climbing.id, 'rollout-action'))[0]!.body).toEqual({
      action: 'halt',
    });
  });

  it('asks before widening a rollout, and sends nothing when cancelled', async () => {
    const narrow = otaVersion({ rolloutPercent: 10 });
    const calls = stubOta(
      {
        [`PATCH ${versionPath(narrow.id, 'rollout')}`]: () =>
          jsonResponse({
            success: true,
            message: 'Version 1.2.0 is offered to 50% of devices',
            version: { ...narrow, rolloutPercent: 50 },
          }),
      },
      [narrow, previousVersion],
    );
    await openOta();
    const openMenu = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Rollout of version 1.2.0: 10%' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: '50%' }));
      return screen.findByRole('alertdialog', { name: 'Widen the rollout of 1.2.0 to 50%?' });
    };
    const first = await openMenu();
    // No figures to compare: no warning.
    expect(within(first).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'PATCH', versionPath(narrow.id, 'rollout'))).toHaveLength(0);
    await userEvent.click(within(await openMenu()).getByRole('button', { name: 'Widen to 50%' }));
    expect(
      await screen.findByText('Version 1.2.0 is offered to 50% of devices'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PATCH', versionPath(narrow.id, 'rollout'))[0]!.body).toEqual({
      rolloutPercent: 50,
    });
  });

  it('warns in words and colour before advancing a ladder of a release that crashes more', async () => {
    const vitals = (crashFreeSessions: number) => ({
      last24h: { ...dayVitals, crashFreeSessions },
      sinceRelease: { ...dayVitals, crashFreeSessions },
      adoption: 10,
      evaluatedAt: '2026-03-03T01:30:00.000Z',
    });
    const climbing = otaVersion({
      rolloutPercent: 5,
      vitals: vitals(97.5),
      ladder: {
        steps: [1, 5, 10, 25, 50, 100],
        state: 'climbing',
        stepStartedAt: '2026-03-03T01:00:00.000Z',
        minMinutes: 60,
        minSessions: 200,
        nextStep: 10,
        haltRule: null,
      },
    });
    const calls = stubOta(
      {
        [`POST ${versionPath(climbing.id, 'rollout-action')}`]: () =>
          jsonResponse({
            success: true,
            message: 'Rollout of 1.2.0 advanced to 10%',
            version: { ...climbing, rolloutPercent: 10 },
          }),
      },
      [climbing, { ...previousVersion, vitals: vitals(99.5) }],
    );
    await openOta();
    await userEvent.click(screen.getByRole('button', { name: 'Rollout of version 1.2.0: 5%' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Advance to 10% now…' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Advance the rollout of 1.2.0 to 10%?',
    });
    const warning = within(confirm).getByRole('alert');
    expect(warning).toHaveTextContent(
      '1.2.0 has 97.5% crash-free sessions in the last 24 hours, below 1.1.0 (99.5%).',
    );
    expect(warning).toHaveClass('text-red-800');
    expect(callsTo(calls, 'POST', versionPath(climbing.id, 'rollout-action'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Advance to 10%' }));
    expect(await screen.findByText('Rollout of 1.2.0 advanced to 10%')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', versionPath(climbing.id, 'rollout-action'))[0]!.body).toEqual({
      action: 'advance',
    });
  });
});

/** A window of session vitals with enough sessions to compare. */
const dayVitals = {
  sessions: 500,
  crashedSessions: 5,
  crashFreeSessions: 99,
  crashFreeDevices: 99,
  devices: 100,
  crashedDevices: 1,
  userPerceivedCrashRate: 0.5,
  userPerceivedAnrRate: 0.1,
  userDays: 100,
};
