import { randomUUID } from 'node:crypto';
import type { CreateUserBody } from '@patrol/contracts';
import { desc, eq } from 'drizzle-orm';
import { moduleRoutes } from '../../app';
import { auditLog, users, type UserRow } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { auditRoutes } from '../audit/audit.routes';
import { settingsRoutes } from '../settings/settings.routes';
import { userRoutes } from './users.routes';

/** The routes of user administration, settings and the audit trail. */
export const administrationRoutes = [...userRoutes, ...settingsRoutes, ...auditRoutes];

/** A test app with these routes mounted (once, when app.ts mounts them too). */
export function createAdministrationTestContext(): Promise<TestContext> {
  return createTestContext({ routes: [...new Set([...moduleRoutes, ...administrationRoutes])] });
}

/** What the user administration tests act as: a superadmin and an Admin, each with a token. */
export interface AdministrationTestSetup {
  t: TestContext;
  superadminToken: string;
  superadminId: string;
  adminToken: string;
}

/** A fresh administration app with a superadmin and an Admin signed in. */
export async function createAdministrationTestSetup(): Promise<AdministrationTestSetup> {
  const t = await createAdministrationTestContext();
  const superadmin = await t.createUserWithToken({ role: 'superadmin' });
  const admin = await t.createUserWithToken({ role: 'Admin' });
  return {
    t,
    superadminToken: superadmin.token,
    superadminId: superadmin.user.id,
    adminToken: admin.token,
  };
}

/** The Authorization header for a bearer token. */
export function asUser(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The stored user row, read straight from the table. */
export async function storedUser(t: TestContext, id: string): Promise<UserRow | undefined> {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A valid user form for POST /api/users, unique per call. */
export function buildUserForm(overrides: Partial<CreateUserBody> = {}): CreateUserBody {
  const suffix = randomUUID().slice(0, 8);
  return {
    username: `staff-${suffix}`,
    email: `staff-${suffix}@example.test`,
    password: 'secret1',
    fullName: `Staff Member ${suffix}`,
    role: 'sales',
    status: 'active',
    ...overrides,
  };
}

/** The audit entries of one entity, newest first. */
export function auditEntriesOf(t: TestContext, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.createdAt));
}
