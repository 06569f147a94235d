import { createHash } from 'node:crypto';
import { licenceMessages } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, clients, licences } from '../../db/schema';
import { rateLimitRules } from '../../security/rate-limits';
import { deviceMessages } from './device-auth';
import { dayMs, project, setUpDevicesFixture } from './devices-test-fixture';

describe('POST /api/device/activate', () => {
  const { fixture, newDeviceId, licence, activate, activated, reload, readLicence } =
    setUpDevicesFixture();

  /** The trail's activations of a licence, oldest first. */
  const activationsInTrail = (licenceId: string) =>
    fixture.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, licenceId), eq(auditLog.action, 'licence.activated')))
      .orderBy(auditLog.createdAt);

  it('binds an available licence, stores only the token hash and announces the bind after commit', async () => {
    const row = await licence();
    const deviceId = newDeviceId();
    const response = await activate({ licenceKey: row.key, deviceId, projectName: project });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      licence: {
        key: row.key,
        licenseType: 'Standard',
        status: 'active',
        remainingDays: 29,
        features: ['nfc_patrol'],
        deviceId,
        projectName: project,
        companyName: 'Pengawal Setia Sdn Bhd',
      },
    });
    const token = response.body.deviceToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await reload(row);
    expect(stored).toMatchObject({ bound: true, deviceId, projectName: project });
    expect(stored.deviceTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.boundAt).toBeInstanceOf(Date);
    expect(stored.lastDeviceActivity).toBeInstanceOf(Date);

    const [activity] = await fixture.t.database.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'licence_bound'));
    expect(activity).toMatchObject({ refs: { licenceKey: row.key } });
    expect(fixture.t.published.map((event) => event.event)).toEqual([
      'licenceUpdated',
      'activityUpdated',
      'licenceActivityUpdated',
    ]);
    expect(fixture.t.published[0]!.payload).toEqual({
      action: 'bind',
      licence: { key: row.key, bound: true, deviceId, projectName: project },
      clientId: fixture.clientId,
    });

    // In the trail with no actor (the app did it) and the request it came in; no token.
    const [entry, ...more] = await activationsInTrail(row.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: null,
      entityType: 'licence',
      requestId: response.headers['x-request-id'],
    });
    expect(entry!.changes).toMatchObject({
      bound: { before: false, after: true },
      deviceId: { before: null, after: deviceId },
      deviceTokenHash: { before: null, after: '(set)' },
    });
    expect(JSON.stringify(entry)).not.toContain(stored.deviceTokenHash);
  });

  it('refuses an unknown key (404)', async () => {
    const response = await activate({
      licenceKey: 'MP-NONE-NONE-NONE-NONE',
      deviceId: newDeviceId(),
      projectName: project,
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('refuses an expired licence (403) and leaves it unbound', async () => {
    const row = await licence({ validUntil: new Date(Date.now() - dayMs) });
    const response = await activate({
      licenceKey: row.key,
      deviceId: newDeviceId(),
      projectName: project,
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      error: 'FORBIDDEN',
      message: deviceMessages.expired,
    });
    expect((await reload(row)).bound).toBe(false);
  });

  it('refuses a licence bound to another device (409)', async () => {
    const row = await licence();
    await activated(row);
    const response = await activate({
      licenceKey: row.key,
      deviceId: newDeviceId(),
      projectName: project,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      error: 'CONFLICT',
      message: deviceMessages.boundElsewhere,
    });
  });

  it('refuses a device already bound to another licence (409)', async () => {
    const { deviceId } = await activated(await licence());
    const second = await licence();
    const response = await activate({ licenceKey: second.key, deviceId, projectName: project });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('CONFLICT');
    expect((await reload(second)).bound).toBe(false);
  });

  it('re-issues the token when the device activates again with its token; the old one stops working', async () => {
    const row = await licence();
    const first = await activated(row);
    fixture.t.published.length = 0;
    const again = await activate({
      licenceKey: row.key,
      deviceId: first.deviceId,
      projectName: project,
    }).set('Authorization', `Bearer ${first.token}`);
    expect(again.status).toBe(200);
    const second = again.body.deviceToken as string;

    expect(second).not.toBe(first.token);
    expect((await readLicence(first.token)).status).toBe(401);
    expect((await readLicence(second)).status).toBe(200);
    expect(fixture.t.published.map((event) => event.event)).toEqual(['licenceActivityUpdated']);
    expect(await reload(row)).toMatchObject({ activationCount: 2, lastDeviceId: first.deviceId });
    const trail = await activationsInTrail(row.id);
    expect(trail.map((entry) => entry.requestId)).toEqual([
      expect.any(String),
      again.headers['x-request-id'],
    ]);
    expect(trail[1]!.changes).toMatchObject({ activationCount: { before: 1, after: 2 } });
  });

  it('activates a licence staff bound to this device without a token, the first time only', async () => {
    const row = await licence();
    const deviceId = newDeviceId();
    const [client] = await fixture.t.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, fixture.clientId));
    const admin = await fixture.t.signIn('Admin');
    await request(fixture.t.app)
      .post('/api/licences/bind')
      .set('Authorization', `Bearer ${admin}`)
      .send({ licenceKey: row.key, companyId: client!.companyId, deviceId, projectName: project })
      .expect(200);
    const first = await activate({ licenceKey: row.key, deviceId, projectName: project });
    expect(first.status).toBe(200);
    const again = await activate({ licenceKey: row.key, deviceId, projectName: project });
    expect(again.status).toBe(409);
    expect((await readLicence(first.body.deviceToken)).status).toBe(200);
  });

  it('refuses a re-activation without the current token: the key and device id cannot take the device over', async () => {
    const row = await licence();
    const device = await activated(row);
    for (const token of [undefined, 'not-the-device-token']) {
      const pending = activate({
        licenceKey: row.key,
        deviceId: device.deviceId,
        projectName: project,
      });
      const takeover = await (token ? pending.set('Authorization', `Bearer ${token}`) : pending);
      expect(takeover.status).toBe(409);
      expect(takeover.body.message).toBe(deviceMessages.reactivationNeedsToken);
    }
    // The real device keeps working.
    expect((await readLicence(device.token)).status).toBe(200);
  });

  it('lets the app move a licence to a new device 3 times in 30 days, shown on the licence', async () => {
    const row = await licence();
    const unbind = () =>
      fixture.t.database.db
        .update(licences)
        .set({ bound: false, deviceId: null, projectName: null, deviceTokenHash: null })
        .where(eq(licences.id, row.id));
    const first = await activated(row);
    await unbind();
    // The same device binding again is not a move.
    await activated(row, first.deviceId);
    for (let move = 1; move <= 3; move += 1) {
      await unbind();
      await activated(row);
    }
    await unbind();
    const refused = await activate({
      licenceKey: row.key,
      deviceId: newDeviceId(),
      projectName: project,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(deviceMessages.transferBudgetSpent);

    const admin = await fixture.t.signIn('Admin');
    const [client] = await fixture.t.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, fixture.clientId));
    const listed = await request(fixture.t.app)
      .get(`/api/clients/${client!.companyId}/licences?limit=100`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    const shown = listed.body.licences.find((item: { key: string }) => item.key === row.key);
    expect(shown).toMatchObject({ activationCount: 5, transfersLeft: 0 });
    expect(shown.lastActivatedAt).toEqual(expect.any(String));
  });

  it('activates one licence at most 10 times an hour, whatever the address', async () => {
    const row = await licence();
    let device = await activated(row);
    for (
      let activation = 2;
      activation <= rateLimitRules.licenceActivations.limit;
      activation += 1
    ) {
      const renewed = await activate({
        licenceKey: row.key,
        deviceId: device.deviceId,
        projectName: project,
      })
        .set('Authorization', `Bearer ${device.token}`)
        .set('X-Forwarded-For', `198.51.100.${activation}`);
      expect(renewed.status).toBe(200);
      device = { ...device, token: renewed.body.deviceToken as string };
    }
    const refused = await activate({
      licenceKey: row.key,
      deviceId: device.deviceId,
      projectName: project,
    }).set('Authorization', `Bearer ${device.token}`);
    expect(refused.status).toBe(429);
  });

  it('binds exactly one of two devices activating the same key at once', async () => {
    const row = await licence();
    const responses = await Promise.all([
      activate({ licenceKey: row.key, deviceId: newDeviceId(), projectName: project }),
      activate({ licenceKey: row.key, deviceId: newDeviceId(), projectName: project }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
  });

  it('answers 429 to an address after its failed activations, even for a valid key', async () => {
    // The proxy header (trusted from loopback) gives this test an address of its own.
    const fromAddress = (body: Record<string, unknown>) =>
      activate(body).set('X-Forwarded-For', '203.0.113.9');
    const unknownKey = {
      licenceKey: 'MP-NONE-NONE-NONE-NONE',
      deviceId: newDeviceId(),
      projectName: project,
    };
    for (let attempt = 0; attempt < rateLimitRules.deviceActivationFailures.limit; attempt += 1) {
      expect((await fromAddress(unknownKey)).status).toBe(404);
    }
    const row = await licence();
    const refused = await fromAddress({
      licenceKey: row.key,
      deviceId: newDeviceId(),
      projectName: project,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect((await reload(row)).bound).toBe(false);
    // Other addresses are not held up.
    await activated(row);
  });

  it.each([
    [{ deviceId: 'MPDID-abc-Menara Site' }, 'deviceId', licenceMessages.deviceIdFormat],
    [{ deviceId: 'MPDID-ABCDEF123456-Other Site' }, 'deviceId', licenceMessages.deviceIdFormat],
    [{ projectName: 'Menara-Site!' }, 'projectName', licenceMessages.projectNameCharacters],
    [{ projectName: 'A'.repeat(26) }, 'projectName', licenceMessages.projectNameLength],
    [{ deviceId: '' }, 'deviceId', licenceMessages.bindRequired],
    [{ licenceKey: ' ' }, 'licenceKey', licenceMessages.licenceKeyRequired],
  ])('refuses %o with the message of %s (400)', async (override, field, message) => {
    const row = await licence();
    const response = await activate({
      licenceKey: row.key,
      deviceId: newDeviceId(),
      projectName: project,
      ...override,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      errors: { [field]: message },
    });
    expect((await reload(row)).bound).toBe(false);
  });
});
