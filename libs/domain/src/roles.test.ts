import { describe, expect, it } from 'vitest';
import { roleLabel } from './roles';

describe('roleLabel', () => {
  it.each<[string | null | undefined, string]>([
    ['superadmin', 'Super Administrator'],
    ['Admin', 'Administrator'],
    ['accounts', 'Accounts Staff'],
    ['sales', 'Sales Staff'],
    ['manager', 'Manager'],
    ['auditor', 'auditor'],
    ['admin', 'admin'],
    ['constructor', 'constructor'],
    [null, 'Administrator'],
    [undefined, 'Administrator'],
    ['', 'Administrator'],
  ])('labels %j as %j', (role, expected) => {
    expect(roleLabel(role)).toBe(expected);
  });
});
