import { ownValue } from './own-value';

const roleLabels: Record<string, string> = {
  superadmin: 'Super Administrator',
  Admin: 'Administrator',
  accounts: 'Accounts Staff',
  sales: 'Sales Staff',
  manager: 'Manager',
  support: 'Support Engineer',
};

/** The label shown for a role; unknown roles show their raw name, no role shows Administrator. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'Administrator';
  return ownValue(roleLabels, role) ?? role;
}
