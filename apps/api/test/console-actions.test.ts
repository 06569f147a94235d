import { consoleActions } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { moduleRoutes } from '../src/app';
import type { Route } from '../src/http/route';

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
      const access = route!.access as { permissions: readonly string[]; roles?: readonly string[] };
      expect(access.permissions).toEqual([action.permission]);
      expect(access.roles).toEqual('roles' in action ? action.roles : undefined);
    },
  );
});
