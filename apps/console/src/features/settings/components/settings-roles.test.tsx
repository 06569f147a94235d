import { defaultCompanySettings, type ConsoleActionName } from '@patrol/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { renderScreen, stubApi } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';

/** Each button of the settings screen and the API action behind it (consoleActions). */
const buttonActions: Record<string, ConsoleActionName> = {
  'Save Settings': 'saveSettings',
  'Reset to Default': 'resetSettings',
  'Replace Logo': 'uploadLogo',
  'Delete Logo': 'deleteLogo',
};

beforeEach(() => {
  // Radix measures a switch inside a form; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => vi.unstubAllGlobals());

// The whole settings page (ten cards, a hundred fields) takes over a second to open in jsdom,
// and two test workers share two cores.
describe('the settings screen for each role template', { timeout: 15_000 }, () => {
  it.each(roleTemplateUsers)(
    '%s is offered exactly the settings changes the API allows it',
    async (_role, user) => {
      stubApi({
        'GET /api/settings': () =>
          jsonResponse({
            success: true,
            settings: { ...defaultCompanySettings, logo: { url: '/api/settings/logo/file?v=1' } },
          }),
      });
      signInAs(user);
      renderScreen(<SettingsPage />);
      await screen.findByLabelText('Company Name');
      const offered = Object.keys(buttonActions)
        .filter((name) => screen.queryByRole('button', { name: new RegExp(name) }) !== null)
        .sort();
      expect(offered).toEqual(permittedActions(user, buttonActions));
      // Without the right to change them the fields are read-only, and the page says so in words.
      if (offered.length === 0) {
        expect(screen.getByLabelText('Company Name')).toBeDisabled();
        expect(
          screen.getByText(/changing them needs the “Edit settings” permission/),
        ).toBeVisible();
      }
    },
  );
});
