import { randomUUID } from 'node:crypto';
import type { CreateUserBody } from '@patrol/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog, users, type UserRow } from '../../src/db/schema';
import { createTestContext, type TestContext } from '../test-context';

/** What the user administration tests act as: a superadmin and an Admin, each with a token. */
export interface AdministrationTestSetup {
  t: TestContext;
  superadminToken: string;
  superadminId: string;
  adminToken: string;
}

/**
 * Registers the hooks of a test file that acts as a superadmin and an Admin on a fresh app: the
 * returned object is filled before the first test and closed after the last.
 */
export function administrationTestSetup(): AdministrationTestSetup {
  const setup = {} as AdministrationTestSetup;
  beforeAll(async () => {
    Object.assign(setup, await createAdministrationTestSetup());
  });
  afterAll(() => setup.t?.close());
  return setup;
}

/** A fresh administration app with a superadmin and an Admin signed in. */
export async function createAdministrationTestSetup(): Promise<AdministrationTestSetup> {
  const t = await createTestContext();
  const superadmin = await t.createUserWithToken({ role: 'superadmin' });
  const admin = await t.createUserWithToken({ role: 'Admin' });
  return {
    t,
    superadminToken: superadmin.token,
    superadminId: superadmin.user.id,
    adminToken: admin.token,
  };
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
