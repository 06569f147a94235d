import { eq } from 'drizzle-orm';
import request from 'supertest';
import { expect } from 'vitest';
import { licences, type LicenceRow } from '../../db/schema';
import type { AuthUser } from '../../http/authenticate';
import {
  type TestContext,
  buildClient,
  buildLicence,
  createTestContext,
  deviceIdFor,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';

export const dayMs = 24 * 60 * 60 * 1000;
/** The project every test device activates for. */
export const project = 'Menara Site';

/** The device API test files' context: one client, and an Admin acting through the services. */
export interface DevicesFixture {
  t: TestContext;
  actor: AuthUser;
  clientId: string;
}

/**
 * The file's fixture, written before its first test, with the calls a device makes. The calls
 * read the fixture when they run, so they may be taken apart at the top of the file.
 */
export function setUpDevicesFixture() {
  const fixture = setUpSharedFixture(async (): Promise<DevicesFixture> => {
    const t = await createTestContext();
    const { user } = await t.createUserWithToken({ role: 'Admin' });
    const actor = { ...user, permissions: [], customPermissions: { granted: [], denied: [] } };
    const clientId = (await buildClient(t, { companyName: 'Pengawal Setia Sdn Bhd' })).id;
    return { t, actor, clientId };
  });

  let deviceCounter = 0;
  /** A fresh valid device ID for `project` (12 capitals or digits). */
  const newDeviceId = () =>
    deviceIdFor(project, `DEV${String((deviceCounter += 1)).padStart(9, '0')}`);
  const licence = (overrides: Partial<LicenceRow> = {}) =>
    buildLicence(fixture.t, fixture.clientId, {
      validUntil: new Date(Date.now() + 30 * dayMs),
      features: ['nfc_patrol'],
      ...overrides,
    });
  const activate = (body: Record<string, unknown>) =>
    request(fixture.t.app).post('/api/device/activate').send(body);
  const activated = async (row: LicenceRow, deviceId = newDeviceId()) => {
    const response = await activate({ licenceKey: row.key, deviceId, projectName: project });
    expect(response.status).toBe(200);
    return { token: response.body.deviceToken as string, deviceId };
  };
  const reload = async (row: LicenceRow) =>
    (await fixture.t.database.db.select().from(licences).where(eq(licences.id, row.id)))[0]!;
  const heartbeat = (token: string) =>
    request(fixture.t.app)
      .post('/api/device/heartbeat')
      .set('Authorization', `Bearer ${token}`)
      .send({ appVersion: '2.4.0', batteryLevel: 80 });
  const readLicence = (token: string) =>
    request(fixture.t.app).get('/api/device/licence').set('Authorization', `Bearer ${token}`);

  return { fixture, newDeviceId, licence, activate, activated, reload, heartbeat, readLicence };
}
