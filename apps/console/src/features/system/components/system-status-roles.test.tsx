import { canPerform, hasPermission } from '@patrol/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubSystem } from '@/features/system/components/system-test-data';
import {
  openSystem,
  setUpSystemScreenTests,
} from '@/features/system/components/system-test-helpers';
import { roleTemplateUsers } from '@/test/role-users';
import { signInAs } from '@/test/test-utils';

vi.mock('socket.io-client', async () => ({ io: (await import('@/test/fake-socket')).fakeIo }));

setUpSystemScreenTests();

describe('the system screen for each role template', () => {
  it.each(roleTemplateUsers)(
    '%s is offered Export Report exactly when the API allows it',
    async (_role, user) => {
      if (!hasPermission(user, 'system.view')) {
        // The route guard (system.view) keeps the role out of the screen: no action of it shows.
        expect(canPerform(user, 'exportSystemReport')).toBe(false);
        return;
      }
      const calls = stubSystem();
      signInAs(user);
      await openSystem();
      expect(screen.queryByRole('button', { name: 'Export Report' }) !== null).toBe(
        canPerform(user, 'exportSystemReport'),
      );
      expect(calls.every((call) => call.method === 'GET')).toBe(true);
    },
  );
});
