import { roleTemplates, type Role } from '@patrol/contracts';
import bcrypt from 'bcrypt';
import type { DbExecutor } from '../../../apps/api/src/db/client';
import { users } from '../../../apps/api/src/db/schema';

/** The password of every seeded staff account (they still need two-factor to sign in). */
export const scaleStaffPassword = 'Scale-password-1';

const roles: Role[] = ['Admin', 'manager', 'accounts', 'sales'];

/** Staff accounts of every role (the dashboard counts them). */
export async function seedStaff(db: DbExecutor, count: number): Promise<number> {
  const passwordHash = await bcrypt.hash(scaleStaffPassword, 10);
  const rows = Array.from({ length: count }, (_, index) => {
    const role = roles[index % roles.length]!;
    return {
      username: `scale-staff-${index + 1}`,
      email: `scale-staff-${index + 1}@example.test`,
      passwordHash,
      fullName: `Scale Staff ${index + 1}`,
      role,
      status: 'active' as const,
      permissions: [...roleTemplates[role]],
      twoFactorEnabled: false,
    };
  });
  await db.insert(users).values(rows).onConflictDoNothing();
  return rows.length;
}
