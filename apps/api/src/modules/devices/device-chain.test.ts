import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createLogger } from '../../http/logger';
import { deviceMessages } from './device-auth';
import {
  type TestContext,
  buildClient,
  buildLicence,
  createTestContext,
  deviceIdFor,
} from '../../../test/builders';

const project = 'Menara Site';

/** The request lines the app wrote, parsed. */
function capturingLogger(level: 'debug' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const requestLines = (path: string) =>
    lines.filter(
      (line) =>
        line.msg === 'request completed' &&
        (line.req as { url?: string } | undefined)?.url === path,
    );
  return { logger: createLogger({ logLevel: level }, destination), lines, requestLines };
}

describe('the device chain', () => {
  let t: TestContext;
  const log = capturingLogger('info');
  let token: string;

  beforeAll(async () => {
    t = await createTestContext({ services: { logger: log.logger } });
    const client = await buildClient(t, { companyName: 'Pengawal Chain Sdn Bhd' });
    const licence = await buildLicence(t, client.id, {
      validUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    const activation = await request(t.app)
      .post('/api/device/activate')
      .send({
        licenceKey: licence.key,
        deviceId: deviceIdFor(project, 'CHAIN0000001'),
        projectName: project,
      });
    expect(activation.status).toBe(200);
    token = activation.body.deviceToken as string;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    log.lines.length = 0;
  });

  const heartbeat = () =>
    request(t.app)
      .post('/api/device/heartbeat')
      .set('Authorization', `Bearer ${token}`)
      .set('Accept-Encoding', 'gzip, br');

  it("answers the app without the console's browser headers, never cached nor sniffed", async () => {
    const response = await heartbeat().send({ appVersion: '2.4.0', batteryLevel: 80 });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(Number(response.headers['content-length'])).toBe(JSON.stringify(response.body).length);
    for (const header of ['content-security-policy', 'strict-transport-security', 'vary', 'etag']) {
      expect(response.headers[header]).toBeUndefined();
    }
    // The console's answers keep them.
    const consoleAnswer = await request(t.app).get('/api/auth/has-superadmin');
    expect(consoleAnswer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('still refuses a bad token (401), malformed JSON (400), an invalid body (400) and a huge one (413)', async () => {
    const stranger = await request(t.app)
      .post('/api/device/heartbeat')
      .set('Authorization', 'Bearer not-a-device-token')
      .send({});
    expect(stranger.status).toBe(401);
    expect(stranger.body).toMatchObject({ success: false, message: deviceMessages.tokenInvalid });

    const malformed = await heartbeat()
      .set('Content-Type', 'application/json')
      .send('{"appVersion":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, error: 'INVALID_JSON' });

    const invalid = await heartbeat().send({ batteryLevel: 'full' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(invalid.body.errors).toHaveProperty('batteryLevel');

    const huge = await heartbeat().send({ appVersion: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('leaves a path under /api/device that no route serves to the console chain (404)', async () => {
    const response = await request(t.app).get('/api/device/unknown');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('logs a successful heartbeat at debug only; a refused one at warn', async () => {
    expect((await heartbeat().send({ appVersion: '2.4.0' })).status).toBe(200);
    expect(log.requestLines('/api/device/heartbeat')).toEqual([]);

    expect((await heartbeat().send({ batteryLevel: 'full' })).status).toBe(400);
    expect(log.requestLines('/api/device/heartbeat')).toMatchObject([
      { level: 40, res: { statusCode: 400 } },
    ]);

    // Other device calls keep their line at info.
    expect(
      (await request(t.app).get('/api/device/licence').set('Authorization', `Bearer ${token}`))
        .status,
    ).toBe(200);
    expect(log.requestLines('/api/device/licence')).toMatchObject([{ level: 30 }]);
  });

  it('writes the successful heartbeat line when the log level is debug', async () => {
    const verbose = capturingLogger('debug');
    const app = createApp({ ...t.ctx, logger: verbose.logger });
    const response = await request(app)
      .post('/api/device/heartbeat')
      .set('Authorization', `Bearer ${token}`)
      .send({ appVersion: '2.4.0' });
    expect(response.status).toBe(200);
    expect(verbose.requestLines('/api/device/heartbeat')).toMatchObject([
      { level: 20, res: { statusCode: 200 } },
    ]);
    expect(verbose.lines).toContainEqual(
      expect.objectContaining({ msg: 'device heartbeat', diagnostics: { appVersion: '2.4.0' } }),
    );
  });
});
