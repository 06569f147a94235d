import { randomUUID } from 'node:crypto';
import { defaultCompanySettings, roles, roleTemplates, type Role } from '@patrol/contracts';
import { hasPermissions } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleRoutes } from '../src/app';
import type { PermissionAccess, Route } from '../src/http/route';
import { auditRoutes } from '../src/modules/audit/audit.routes';
import { settingsRoutes } from '../src/modules/settings/settings.routes';
import { userRoutes } from '../src/modules/users/users.routes';
import { createTestContext, type TestContext } from './test-context';

/**
 * Every route of the app (mounted once, when app.ts lists these modules too) that declares
 * permissions, walked with a user of each role template: a role the declaration admits must not be
 * refused, any other role must get 403. Only 403 against not-403 is checked; a permitted role may
 * well get 400 or 404 for the dummy input.
 */
const routes: readonly Route[] = [
  ...new Set([...moduleRoutes, ...userRoutes, ...settingsRoutes, ...auditRoutes]),
];

const routeName = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

const permissionRoutes = routes.filter(
  (route): route is Route & { access: PermissionAccess } => typeof route.access === 'object',
);

function admits(role: Role, route: (typeof permissionRoutes)[number]): boolean {
  if (route.access.roles && !route.access.roles.includes(role)) return false;
  const subject = { role, permissions: roleTemplates[role] };
  return hasPermissions(subject, route.access.permissions, route.access.mode);
}

/** The path with each `:param` replaced by an id that exists nowhere. */
function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, () => randomUUID());
}

let t: TestContext;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestContext({ routes });
  for (const role of roles) tokens.set(role, (await t.createUserWithToken({ role })).token);
});
afterAll(() => t.close());

function call(role: Role, method: Route['method'], path: string, body?: object) {
  const pending = request(t.app)
    [method](path)
    .set('Authorization', `Bearer ${tokens.get(role)}`);
  return body === undefined ? pending : pending.send(body);
}

describe('role matrix', () => {
  it('walks the permission-guarded routes of users, settings and the audit trail at least', () => {
    const names = permissionRoutes.map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'POST /api/users',
        'PUT /api/users/:id',
        'DELETE /api/users/:id',
        'GET /api/users/:id/permissions',
        'PUT /api/settings',
        'POST /api/settings/reset',
        'POST /api/settings/logo',
        'DELETE /api/settings/logo',
        'GET /api/audit',
      ]),
    );
  });

  describe.each(roles)('%s', (role) => {
    it.each(permissionRoutes.map((route) => [routeName(route), route] as const))(
      '%s',
      async (_name, route) => {
        const hasBody = ['post', 'put', 'patch'].includes(route.method);
        const response = await call(
          role,
          route.method,
          concretePath(route.path),
          hasBody ? {} : undefined,
        );
        const detail = `${role} ${routeName(route)} -> ${response.status} ${JSON.stringify(response.body)}`;
        if (admits(role, route)) {
          expect([401, 403], detail).not.toContain(response.status);
          expect(response.status, detail).toBeLessThan(500);
        } else {
          expect(response.status, detail).toBe(403);
        }
      },
    );
  });

  // Fixed expectations, so that a wrong declaration or template cannot pass by agreeing with itself.
  it.each([
    ['sales', 'get', '/api/users', undefined, 403],
    ['manager', 'get', '/api/users', undefined, 200],
    ['accounts', 'get', '/api/users', undefined, 403],
    ['Admin', 'post', '/api/users', {}, 403],
    ['sales', 'put', '/api/settings', defaultCompanySettings, 403],
    ['manager', 'put', '/api/settings', defaultCompanySettings, 403],
    ['Admin', 'put', '/api/settings', defaultCompanySettings, 200],
    ['sales', 'get', '/api/settings', undefined, 200],
    ['accounts', 'post', '/api/settings/reset', undefined, 403],
    ['manager', 'get', '/api/audit', undefined, 200],
    // The trail of what sales may view (products, quotations); never users or settings.
    ['sales', 'get', '/api/audit', undefined, 200],
    ['sales', 'get', '/api/audit?entityType=user', undefined, 403],
    ['accounts', 'get', '/api/audit?entityType=payment', undefined, 200],
    ['sales', 'get', '/api/business/invoices', undefined, 200],
    ['Admin', 'put', `/api/invoices/${randomUUID()}/validate-payment`, {}, 403],
    ['accounts', 'put', `/api/invoices/${randomUUID()}/validate-payment`, {}, 404],
    ['sales', 'put', `/api/business/invoices/${randomUUID()}/process-payment`, {}, 403],
    ['sales', 'delete', `/api/business/products/${randomUUID()}`, undefined, 403],
  ] as const)('%s %s %s answers %i', async (role, method, path, body, status) => {
    const response = await call(role, method, path, body);
    expect(response.status).toBe(status);
  });

  it('lets only holders of permissions.manage send { permissions } to PUT /api/users/{id}', async () => {
    const path = `/api/users/${randomUUID()}`;
    expect((await call('Admin', 'put', path, { permissions: [] })).status).toBe(403);
    expect((await call('superadmin', 'put', path, { permissions: [] })).status).toBe(404);
  });
});
