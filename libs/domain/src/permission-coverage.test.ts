import { permissionKeys, roleTemplates } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { effectivePermissions, permissionCoverage, rolePermissions } from './permission-coverage';

describe('effectivePermissions', () => {
  it('gives superadmin every key of the catalogue', () => {
    expect(effectivePermissions({ role: 'superadmin', permissions: [] })).toEqual(permissionKeys);
  });

  it('adds granted and removes denied, in catalogue order', () => {
    const user = {
      role: 'sales',
      permissions: roleTemplates.sales,
      customPermissions: {
        granted: ['reports.export' as const],
        denied: ['clients.view' as const],
      },
    };
    const result = effectivePermissions(user);
    expect(result).toContain('reports.export');
    expect(result).not.toContain('clients.view');
    expect(result).toHaveLength(roleTemplates.sales.length);
    expect(result).toEqual(permissionKeys.filter((key) => result.includes(key)));
  });

  it('drops stored keys that are not in the catalogue', () => {
    expect(
      effectivePermissions({ role: 'sales', permissions: ['dashboard.view', 'legacy.key'] }),
    ).toEqual(['dashboard.view']);
  });

  it('is empty for no user', () => {
    expect(effectivePermissions(null)).toEqual([]);
  });
});

describe('rolePermissions', () => {
  it.each([
    ['superadmin', 32],
    ['Admin', 30],
    ['accounts', 10],
    ['sales', 8],
    ['manager', 15],
    ['support', 8],
    ['auditor', 0],
    ['toString', 0],
  ])('%s starts with %i permissions', (role, count) => {
    expect(rolePermissions(role)).toHaveLength(count);
  });

  it('returns a copy the caller may change', () => {
    rolePermissions('sales').push('users.delete');
    expect(rolePermissions('sales')).not.toContain('users.delete');
  });
});

describe('permissionCoverage', () => {
  it('counts nothing checked as 0 of 32, red everywhere', () => {
    const coverage = permissionCoverage([]);
    expect(coverage).toMatchObject({
      granted: 0,
      denied: 32,
      total: 32,
      percent: 0,
      colour: 'red',
    });
    expect(coverage.areas.every((area) => area.colour === 'red')).toBe(true);
  });

  it('counts everything checked as 100 percent, green', () => {
    const coverage = permissionCoverage(permissionKeys);
    expect(coverage).toMatchObject({ granted: 32, denied: 0, percent: 100, colour: 'green' });
    expect(coverage.areas).toHaveLength(12);
    expect(coverage.areas.every((area) => area.colour === 'green')).toBe(true);
  });

  it('gives the sales template 8 of 32 (25 percent) and colours each area', () => {
    const coverage = permissionCoverage(roleTemplates.sales);
    expect(coverage).toMatchObject({ granted: 8, denied: 24, percent: 25, colour: 'red' });
    const byArea = Object.fromEntries(coverage.areas.map((area) => [area.area, area]));
    expect(byArea.dashboard).toMatchObject({ granted: 1, total: 1, percent: 100, colour: 'green' });
    expect(byArea.quotations).toMatchObject({
      granted: 3,
      total: 4,
      percent: 75,
      colour: 'yellow',
    });
    expect(byArea.invoices).toMatchObject({ granted: 2, total: 4, percent: 50, colour: 'yellow' });
    expect(byArea.clients).toMatchObject({ granted: 1, total: 4, percent: 25, colour: 'red' });
    expect(byArea.users).toMatchObject({ label: 'Users', granted: 0, colour: 'red' });
  });

  it.each([
    [16, 50, 'yellow'],
    [15, 47, 'red'],
    [31, 97, 'yellow'],
  ])('colours %i of 32 (%i percent) %s', (count, percent, colour) => {
    const coverage = permissionCoverage(permissionKeys.slice(0, count));
    expect(coverage).toMatchObject({ percent, colour });
  });

  it('ignores unknown and duplicate keys', () => {
    expect(permissionCoverage(['dashboard.view', 'dashboard.view', 'nope']).granted).toBe(1);
  });
});
