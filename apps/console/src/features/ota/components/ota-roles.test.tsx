import type { ConsoleActionName } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOtaConnection } from '@/features/ota/api/ota-request';
import { OtaPage } from '@/features/ota/components/ota-page';
import { otaVersion, previousVersion, stubOta } from '@/features/ota/components/ota-test-data';
import { renderScreen } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { signInAs, testUsers } from '@/test/test-utils';

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

/** Each entry of a release's menus and the API action behind it (consoleActions). */
const inactiveRowActions: Record<string, ConsoleActionName> = {
  Activate: 'activateRelease',
  Delete: 'deleteRelease',
};
const activeRowActions: Record<string, ConsoleActionName> = {
  Deactivate: 'deactivateRelease',
  'Delete (deactivate first)': 'deleteRelease',
};
const rolloutActions: Record<string, ConsoleActionName> = {
  '50%': 'changeRollout',
  'Advance to 10% now…': 'moveRollout',
  'Hold at 5%': 'moveRollout',
  'Halt rollout…': 'moveRollout',
};

afterEach(() => {
  toast.dismiss();
  resetOtaConnection();
  vi.unstubAllGlobals();
});

async function menuItems(trigger: string, among: Record<string, ConsoleActionName>) {
  await userEvent.click(screen.getByRole('button', { name: trigger }));
  const items = await screen.findAllByRole('menuitem');
  await userEvent.keyboard('{Escape}');
  return items.map((item) => item.textContent?.trim() ?? '').filter((label) => label in among);
}

describe('the OTA screen for each role template', { timeout: 15_000 }, () => {
  it.each(roleTemplateUsers)(
    '%s is offered exactly the release actions the API allows it',
    async (_role, user) => {
      signInAs(user);
      stubOta({}, [climbing, previousVersion]);
      renderScreen(<OtaPage />, '/ota');
      await screen.findByRole('row', { name: /1\.1\.0/ });

      expect(screen.queryByRole('button', { name: 'Upload APK' }) !== null).toBe(
        canPerform(user, 'uploadRelease'),
      );
      expect((await menuItems('Actions for version 1.1.0', inactiveRowActions)).sort()).toEqual(
        permittedActions(user, inactiveRowActions),
      );
      expect((await menuItems('Actions for version 1.2.0', activeRowActions)).sort()).toEqual(
        permittedActions(user, activeRowActions),
      );
      const rollout = 'Rollout of version 1.2.0: 5%';
      const expected = permittedActions(user, rolloutActions);
      if (expected.length === 0) {
        expect(screen.queryByRole('button', { name: rollout })).toBeNull();
        return;
      }
      expect((await menuItems(rollout, rolloutActions)).sort()).toEqual(expected);
    },
  );

  it('offers Roll forward only with both ota.upload and ota.activate, as its route asks', async () => {
    const halted = otaVersion({
      rolloutPercent: 10,
      rolloutPausedAt: '2026-03-03T01:00:00.000Z',
      rolloutPauseReason: 'Halted by hand',
    });
    const trigger = 'Rollout of version 1.2.0: 10%, halted';
    const labels = {
      'Roll forward…': 'activateRelease',
      'Resume rollout…': 'changeRollout',
    } as const;
    signInAs({
      ...testUsers.sales,
      permissions: [...testUsers.sales.permissions, 'ota.view', 'ota.activate'],
    });
    stubOta({}, [halted, previousVersion]);
    const { unmount } = renderScreen(<OtaPage />, '/ota');
    await screen.findByRole('row', { name: /1\.1\.0/ });
    expect(await menuItems(trigger, labels)).toEqual(['Resume rollout…']);
    unmount();

    signInAs(testUsers.superadmin);
    renderScreen(<OtaPage />, '/ota');
    await screen.findByRole('row', { name: /1\.1\.0/ });
    expect((await menuItems(trigger, labels)).sort()).toEqual(['Resume rollout…', 'Roll forward…']);
  });
});
