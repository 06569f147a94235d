import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  licenceFilePayloadKeys,
  licenceFilePayloadSchema,
  licencePublicKeysResponseSchema,
  type LicencePublicKey,
} from '@patrol/contracts';
import { licenceFileVerdict } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  generateLicenceSigningKey,
  licencePublicKeys,
  parseLicenceKeyRing,
} from '../../security/licence-signing';
import { createTestContext } from '../../../test/builders';
import { licenceFileGraceMs } from './device-licence-file';
import { dayMs, setUpDevicesFixture } from './devices-test-fixture';

/** Splits a licence file and checks it with Node's own Ed25519 verify and the published key. */
function checkLicenceFile(file: string, keys: readonly LicencePublicKey[]) {
  const [payloadPart, signaturePart] = file.split('.') as [string, string];
  const bytes = Buffer.from(payloadPart, 'base64url');
  const payload = JSON.parse(bytes.toString('utf8')) as { kid: string };
  const key = keys.find((candidate) => candidate.keyId === payload.kid);
  const signatureValid =
    key !== undefined &&
    verify(
      null,
      bytes,
      createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }),
      Buffer.from(signaturePart, 'base64url'),
    );
  return { payload, signatureValid, bytes, signaturePart };
}

describe('device API: signed licence files', () => {
  const { fixture, licence, activate, activated, heartbeat, readLicence, newDeviceId } =
    setUpDevicesFixture();
  const publishedKeys = async () => {
    const response = await request(fixture.t.app).get('/api/device/licence-keys');
    expect(response.status).toBe(200);
    return licencePublicKeysResponseSchema.parse(response.body).keys;
  };

  it('publishes the current public key without a token', async () => {
    const keys = await publishedKeys();
    expect(keys).toEqual([
      {
        keyId: fixture.t.ctx.config.licenceKeys.current.keyId,
        algorithm: 'Ed25519',
        publicKey: expect.any(String),
        current: true,
      },
    ]);
  });

  it('answers activation with a file that verifies and names the licence, client and device', async () => {
    const validUntil = new Date(Date.now() + 30 * dayMs);
    const row = await licence({ validUntil, licenceType: 'Premium' });
    const deviceId = newDeviceId();
    const response = await activate({ licenceKey: row.key, deviceId, projectName: 'Menara Site' });
    expect(response.status).toBe(200);

    const { payload, signatureValid } = checkLicenceFile(
      response.body.licenceFile,
      await publishedKeys(),
    );
    expect(signatureValid).toBe(true);
    expect(licenceFilePayloadSchema.parse(payload)).toEqual({
      v: 1,
      kid: fixture.t.ctx.config.licenceKeys.current.keyId,
      licenceKey: row.key,
      clientId: fixture.clientId,
      deviceId,
      licenceType: 'Premium',
      status: 'active',
      validUntil: validUntil.toISOString(),
      issuedAt: expect.any(String),
      graceSeconds: licenceFileGraceMs / 1000,
    });
    expect(Object.keys(payload)).toEqual(licenceFilePayloadKeys);
    const verdict = licenceFileVerdict({ payload, signatureValid, deviceId, now: new Date() });
    expect(verdict.state).toBe('valid');
  });

  it('answers each heartbeat and licence read with a freshly signed file', async () => {
    const row = await licence();
    const { token, deviceId } = await activated(row);
    const keys = await publishedKeys();
    for (const response of [await heartbeat(token), await readLicence(token)]) {
      expect(response.status).toBe(200);
      const { payload, signatureValid } = checkLicenceFile(response.body.licenceFile, keys);
      expect(signatureValid).toBe(true);
      expect(payload).toMatchObject({ deviceId, licenceKey: row.key, status: 'active' });
      expect(payload).toMatchObject({ issuedAt: response.body.serverTime });
    }
  });

  it('refuses a tampered payload, a key id it does not publish and an expired file', async () => {
    const row = await licence();
    const { token, deviceId } = await activated(row);
    const keys = await publishedKeys();
    const file = (await heartbeat(token)).body.licenceFile as string;
    const { payload, signaturePart } = checkLicenceFile(file, keys);
    const now = new Date();

    const stretched = { ...payload, validUntil: '2099-01-01T00:00:00.000Z' };
    const forged = `${Buffer.from(JSON.stringify(stretched)).toString('base64url')}.${signaturePart}`;
    const tampered = checkLicenceFile(forged, keys);
    expect(tampered.signatureValid).toBe(false);
    expect(licenceFileVerdict({ ...tampered, deviceId, now }).state).toBe('tampered');

    const otherKey = { ...payload, kid: 'not-a-published-key' };
    const renamed = `${Buffer.from(JSON.stringify(otherKey)).toString('base64url')}.${signaturePart}`;
    const unknownKey = checkLicenceFile(renamed, keys);
    expect(unknownKey.signatureValid).toBe(false);
    expect(licenceFileVerdict({ ...unknownKey, deviceId, now }).state).toBe('tampered');

    const genuine = checkLicenceFile(file, keys);
    const afterGrace = new Date(now.getTime() + licenceFileGraceMs + 60_000);
    expect(licenceFileVerdict({ ...genuine, deviceId, now: afterGrace }).state).toBe('expired');
    expect(licenceFileVerdict({ ...genuine, deviceId: 'MPDID-OTHER', now }).state).toBe('tampered');
  });
});

describe('GET /api/device/licence-keys across restarts', () => {
  const publishedBy = async (env: Record<string, string>) => {
    const t = await createTestContext({ env });
    try {
      const response = await request(t.app).get('/api/device/licence-keys');
      return licencePublicKeysResponseSchema.parse(response.body).keys;
    } finally {
      await t.close();
    }
  };

  it('publishes the same key after a restart on the same DATA_DIR, and the one LICENCE_SIGNING_KEY gives', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'patrol-licence-keys-'));
    try {
      const first = await publishedBy({ DATA_DIR: dataDir });
      expect(await publishedBy({ DATA_DIR: dataDir })).toEqual(first);

      const given = generateLicenceSigningKey();
      const [published] = await publishedBy({ DATA_DIR: dataDir, LICENCE_SIGNING_KEY: given });
      expect(published).toEqual(licencePublicKeys(parseLicenceKeyRing(given))[0]);
      expect(published!.keyId).not.toBe(first[0]!.keyId);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
