import { consoleActions, type ConsoleAction } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { moduleRoutes } from '../src/app';
import type { PermissionAccess, Route } from '../src/http/route';

/**
 * The console shows an action by the permission consoleActions names for it; that must be the
 * permission the API route declares, or a shown button would answer 403 (issue 29).
 */
describe('console actions', () => {
  it.each(Object.entries(consoleActions))(
    '%s needs exactly what its route declares',
    (_name, action) => {
      const route = (moduleRoutes as readonly Route[]).find(
        (candidate) => candidate.method === action.method && candidate.path === action.path,
      );
      expect(route, `${action.method} ${action.path}`).toBeDefined();
      const access = route!.access as PermissionAccess;
      const declared: ConsoleAction = action;
      expect(access.permissions).toEqual([
        declared.permission,
        ...(declared.otherPermissions ?? []),
      ]);
      expect(access.mode ?? 'any').toBe(declared.mode ?? 'any');
      expect(access.roles).toEqual(declared.roles);
    },
  );
});
