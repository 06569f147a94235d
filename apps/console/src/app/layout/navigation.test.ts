import { roleTemplates } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { isNavigationItemActive, visibleNavigationItems } from '@/app/layout/navigation';
import { testUsers } from '@/test/test-utils';

describe('isNavigationItemActive', () => {
  it.each([
    ['/', '/', true],
    ['/', '/clients', false],
    ['/clients', '/clients', true],
    ['/clients', '/clients/add', true],
    ['/clients', '/clients/edit/ACME01', true],
    ['/clients', '/clientsarchive', false],
    ['/billing', '/clients', false],
  ])('item %s on %s is active: %s', (itemPath, currentPath, active) => {
    expect(isNavigationItemActive(itemPath, currentPath)).toBe(active);
  });
});

describe('visibleNavigationItems', () => {
  it('gives a superadmin every item in menu order', () => {
    expect(visibleNavigationItems(testUsers.superadmin).map((item) => item.path)).toEqual([
      '/',
      '/clients',
      '/licences',
      '/billing',
      '/users',
      '/settings',
      '/audit',
      '/crash-report',
      '/ota',
      '/system-status',
    ]);
  });

  it("keeps User Management from a manager who holds users.view: the screen is the superadmin's", () => {
    const manager = {
      ...testUsers.sales,
      role: 'manager' as const,
      permissions: roleTemplates.manager,
    };
    const paths = visibleNavigationItems(manager).map((item) => item.path);
    expect(paths).not.toContain('/users');
    expect(paths).toContain('/billing');
  });

  it('gives nobody anything without a user', () => {
    expect(visibleNavigationItems(null)).toEqual([]);
  });
});
