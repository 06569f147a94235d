import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activateTestDevice,
  bearer,
  buildClient,
  buildCrashReport,
  buildLicence,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const sampleLine =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (\S+)(?: -?\d+)?$/;
const metricTypes = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Parses the Prometheus text exposition format strictly: every line a HELP, a TYPE, or a sample of
 * a declared family (histogram samples by their _bucket, _sum and _count suffixes); throws on
 * anything else, so a broken line fails the test.
 */
function parsePrometheus(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const where = `line ${index + 1}: ${line}`;
    if (line.startsWith('# HELP ')) {
      expect(line.split(' ')[2], where).toMatch(metricName);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      expect(name, where).toMatch(metricName);
      expect(metricTypes.has(type ?? ''), where).toBe(true);
      expect(types.has(name!), `${where} (declared twice)`).toBe(false);
      types.set(name!, type!);
      continue;
    }
    expect(line.startsWith('#'), where).toBe(false);
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample: ${where}`);
    const [, name, labelText, valueText] = match;
    const family = [name!, name!.replace(/_(bucket|sum|count)$/, '')].find((candidate) =>
      types.has(candidate),
    );
    expect(family, `${where} (no TYPE)`).toBeDefined();
    // Prometheus reads values with Go's ParseFloat: NaN in any case, +Inf and -Inf.
    const isNaNText = /^nan$/i.test(valueText!);
    const value = isNaNText ? Number.NaN : Number(valueText!.replace(/^([+-])Inf$/, '$1Infinity'));
    expect(Number.isNaN(value) && !isNaNText, where).toBe(false);
    const labels = Object.fromEntries(
      [...(labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(
        ([, key, text]) => [key!, text!],
      ),
    );
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

const dayMs = 24 * 60 * 60 * 1000;

describe('GET /metrics', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await request(t.app)
      .get('/metrics')
      .expect(200)
      .expect('Content-Type', /^text\/plain; version=0\.0\.4/);
    return { text: response.text, samples: parsePrometheus(response.text) };
  };

  it('answers the Prometheus text format, open when no METRICS_TOKEN is set', async () => {
    const { samples } = await scrape();
    expect(find(samples, 'patrol_database_up')[0]?.value).toBe(1);
    expect(find(samples, 'patrol_socket_connections')[0]?.value).toBe(0);
    expect(find(samples, 'patrol_build_info')[0]?.labels).toMatchObject({
      version: expect.any(String),
      worker: expect.stringContaining(String(process.pid)),
    });
    // Node's own figures, event-loop lag among them.
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
    const pool = find(samples, 'patrol_db_pool_clients');
    if (t.database.dialect === 'postgres') {
      expect(pool.map((sample) => sample.labels.state).sort()).toEqual(['idle', 'open', 'waiting']);
    } else {
      expect(pool).toEqual([]);
    }
  });

  it('counts requests by route template and status, never by raw URL', async () => {
    const admin = await t.signIn('Admin');
    const ids = [`NOPE-${randomUUID().slice(0, 6)}`, `NOPE-${randomUUID().slice(0, 6)}`];
    for (const id of ids) {
      await request(t.app).get(`/api/clients/${id}`).set(bearer(admin)).expect(404);
    }
    await request(t.app).get('/api/clients').set(bearer(admin)).expect(200);
    await request(t.app).get('/api/no-such-route').expect(404);

    const { text, samples } = await scrape();
    for (const id of ids) expect(text).not.toContain(id);
    const byId = { method: 'GET', route: '/api/clients/:companyId', status: '404' };
    expect(find(samples, 'http_requests_total', byId)[0]?.value).toBe(2);
    expect(
      find(samples, 'http_requests_total', { route: '/api/clients', status: '200' })[0]?.value,
    ).toBe(1);
    expect(
      find(samples, 'http_requests_total', { route: 'unmatched', status: '404' }),
    ).toHaveLength(1);
    const count = find(samples, 'http_request_duration_seconds_count', byId)[0];
    const infBucket = find(samples, 'http_request_duration_seconds_bucket', {
      ...byId,
      le: '+Inf',
    })[0];
    expect(count?.value).toBe(2);
    expect(infBucket?.value).toBe(2);
  });

  it('gauges licences, expired licences, devices seen and the last hour of crash reports', async () => {
    const client = await buildClient(t);
    await buildLicence(t, client.id);
    await buildLicence(t, client.id, { validUntil: new Date(Date.now() - dayMs) });
    // A device activates (binding its licence) and reports in; the buffer writes the beat.
    const device = await activateTestDevice(t, client);
    await request(t.app)
      .post('/api/device/heartbeat')
      .set(bearer(device.token))
      .send({})
      .expect(200);
    await t.ctx.heartbeats.flush();
    await buildCrashReport(t);
    await buildCrashReport(t, { createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });

    const { samples } = await scrape();
    expect(find(samples, 'patrol_licences', { state: 'bound' })[0]?.value).toBe(1);
    expect(find(samples, 'patrol_licences', { state: 'unbound' })[0]?.value).toBe(2);
    expect(find(samples, 'patrol_licences_expired')[0]?.value).toBe(1);
    expect(find(samples, 'patrol_devices_seen_5m')[0]?.value).toBe(1);
    expect(find(samples, 'patrol_crash_reports_last_hour')[0]?.value).toBe(1);
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  const token = 'scrape-token-0123456789abcdef';
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token (401)', async () => {
    const response = await request(t.app).get('/metrics').expect(401);
    expect(response.body).toEqual({
      success: false,
      error: 'UNAUTHENTICATED',
      message: 'A valid metrics token is required.',
    });
  });

  it('refuses a wrong token and a staff session token (401)', async () => {
    await request(t.app)
      .get('/metrics')
      .set(bearer(`${token}x`))
      .expect(401);
    await request(t.app).get('/metrics').set(bearer('short')).expect(401);
    const superadmin = await t.signIn('superadmin');
    await request(t.app).get('/metrics').set(bearer(superadmin)).expect(401);
  });

  it('answers the scraper that sends it', async () => {
    const response = await request(t.app).get('/metrics').set(bearer(token)).expect(200);
    expect(parsePrometheus(response.text).length).toBeGreaterThan(10);
  });
});
