import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emptyClientEInvoice, type Client, type CreateClientBody } from '@patrol/contracts';
import {
  clients,
  licences,
  type ClientRow,
  type LicenceRow,
  type NewClientRow,
  type NewLicenceRow,
} from '../../src/db/schema';
import { generateLicenceKey } from '../../src/modules/licences/licence-keys';
import { createTestContext, type TestContext } from '../test-context';

export { generateLicenceKey };

/** What the licence tests start from: the app, an Admin's bearer token and one client. */
export interface LicenceTestSetup {
  t: TestContext;
  admin: string;
  client: ClientRow;
}

/** A fresh app with an Admin signed in and one client inserted. */
export async function createLicenceTestSetup(): Promise<LicenceTestSetup> {
  const t = await createTestContext();
  return { t, admin: await t.signIn('Admin'), client: await buildClient(t) };
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
    eInvoice: emptyClientEInvoice,
    ...overrides,
  };
}

/** A client's row as a test inserts it straight into the database (the form's fields). */
export function buildClientRow(overrides: Partial<NewClientRow> = {}): NewClientRow {
  const { eInvoice: _eInvoice, ...form } = buildClientForm();
  return { ...form, ...overrides };
}

/** Inserts a client straight into the database (createdAt and active can be set). */
export async function buildClient(
  t: Pick<TestContext, 'database'>,
  overrides: Partial<NewClientRow> = {},
): Promise<ClientRow> {
  const [row] = await t.database.db.insert(clients).values(buildClientRow(overrides)).returning();
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

/** A client payload as the clientAdded and clientUpdated events carry it. */
export function sampleClient(overrides: Partial<Client> = {}): Client {
  const now = new Date().toISOString();
  return {
    id: '00000000-0000-4000-8000-000000000001',
    companyId: 'ACME-01',
    companyName: 'Acme Security Sdn Bhd',
    contactPerson: 'Aisyah Rahman',
    email: 'aisyah@acme.example',
    phone: '+60 3-1234 5678',
    address: 'Jalan Ampang, Kuala Lumpur',
    active: true,
    eInvoice: emptyClientEInvoice,
    createdAt: now,
    updatedAt: now,
    licenceCount: 0,
    boundLicenceCount: 0,
    ...overrides,
  };
}
