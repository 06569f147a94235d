import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreateClientBody, Role } from '@patrol/contracts';
import {
  clients,
  licences,
  type ClientRow,
  type LicenceRow,
  type NewClientRow,
  type NewLicenceRow,
} from '../../db/schema';
import { createTestContext, type TestContext, type TestUserOptions } from '../../../test/test-app';
import { activityRoutes } from '../activity/activity.routes';
import type { PublishedEvent } from '../activity/event-bus';
import { generateLicenceKey } from '../licences/licence-keys';
import { licenceRoutes } from '../licences/licences.routes';
import { clientRoutes } from './clients.routes';

/** The routes of clients, licences, the dashboard and the activity feed. */
export const clientAreaRoutes = [...clientRoutes, ...licenceRoutes, ...activityRoutes];

/** A test app with the client-area routes and an event bus that records what was published. */
export interface ClientAreaTestContext extends TestContext {
  /** Every event published so far, oldest first. */
  published: PublishedEvent[];
  /** A bearer token of a fresh user with the role's template permissions (or the ones given). */
  signIn(role: Role, options?: TestUserOptions): Promise<string>;
}

/** A fresh database and app with the client-area routes mounted and events recorded. */
export async function createClientAreaTestContext(): Promise<ClientAreaTestContext> {
  const test = await createTestContext();
  const published: PublishedEvent[] = [];
  test.ctx.events.subscribe((event) => published.push(event));
  return {
    ...test,
    published,
    signIn: async (role, options = {}) =>
      (await test.createUserWithToken({ role, ...options })).token,
  };
}

/** What the licence tests start from: the app, an Admin's bearer token and one client. */
export interface LicenceTestSetup {
  t: ClientAreaTestContext;
  admin: string;
  client: ClientRow;
}

/** A fresh client-area app with an Admin signed in and one client inserted. */
export async function createLicenceTestSetup(): Promise<LicenceTestSetup> {
  const t = await createClientAreaTestContext();
  return { t, admin: await t.signIn('Admin'), client: await buildClient(t) };
}

/** The Authorization header for a bearer token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The stored licence row with `key`, read straight from the table. */
export async function findLicenceRow(t: TestContext, key: string): Promise<LicenceRow | undefined> {
  const [row] = await t.database.db.select().from(licences).where(eq(licences.key, key));
  return row;
}

/** A valid client form for POST /api/clients, unique per call. */
export function buildClientForm(overrides: Partial<CreateClientBody> = {}): CreateClientBody {
  const suffix = randomUUID().slice(0, 8);
  return {
    companyId: `CL-${suffix}`,
    companyName: `Client ${suffix} Sdn Bhd`,
    contactPerson: 'Aisyah Rahman',
    email: `contact-${suffix}@example.test`,
    phone: '+60 12-345 6789',
    address: '1 Jalan Ampang, Kuala Lumpur',
    ...overrides,
  };
}

/** Inserts a client straight into the database (createdAt and active can be set). */
export async function buildClient(
  t: TestContext,
  overrides: Partial<NewClientRow> = {},
): Promise<ClientRow> {
  const [row] = await t.database.db
    .insert(clients)
    .values({ ...buildClientForm(), ...overrides })
    .returning();
  return row!;
}

/** Inserts a licence of the client straight into the database. */
export async function buildLicence(
  t: TestContext,
  clientId: string,
  overrides: Partial<NewLicenceRow> = {},
): Promise<LicenceRow> {
  const [row] = await t.database.db
    .insert(licences)
    .values({ key: generateLicenceKey(), clientId, ...overrides })
    .returning();
  return row!;
}

/** A device ID that satisfies the MPDID pattern for the project. */
export function deviceIdFor(projectName: string, hash = 'A1B2C3D4E5F6'): string {
  return `MPDID-${hash}-${projectName}`;
}
