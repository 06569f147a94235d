import { buildTestApk } from '@patrol/test-apk';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../src/http/route';
import { crashReportRoutes } from '../src/modules/crash-reports/crash-reports.routes';
import { otaRoutes } from '../src/modules/ota/ota.routes';
import { releaseHealthRoutes } from '../src/modules/ota/release-health.routes';
import { systemRoutes } from '../src/modules/system/system.routes';
import { bearer, createTestContext, type TestContext } from './test-context';

/**
 * The support role ships the app: every crash report, OTA release and system status route lets it
 * in and keeps sales out, and none of them asks for a company settings key any more.
 */
const shippingRoutes: readonly Route[] = [
  ...crashReportRoutes,
  ...otaRoutes,
  ...releaseHealthRoutes,
  ...systemRoutes,
];
const guarded = shippingRoutes.filter((route) => typeof route.access === 'object');
const name = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

let t: TestContext;
let support: string;
let sales: string;

beforeAll(async () => {
  t = await createTestContext();
  support = await t.signIn('support');
  sales = await t.signIn('sales');
});
afterAll(() => t.close());

function call(route: Route, token: string) {
  const path = route.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
  const pending = request(t.app)[route.method](path).set(bearer(token));
  return ['post', 'put', 'patch'].includes(route.method) ? pending.send({}) : pending;
}

describe('support role routes', () => {
  it('asks for no company settings key on crash, OTA or system routes', () => {
    for (const route of guarded) {
      const access = route.access as { permissions: readonly string[] };
      expect(
        access.permissions.some((key) => key.startsWith('settings.')),
        name(route),
      ).toBe(false);
    }
  });

  it.each(guarded.map((route) => [name(route), route] as const))(
    '%s: support is let in, sales gets 403',
    async (_name, route) => {
      expect((await call(route, support)).status).not.toBe(403);
      expect((await call(route, sales)).status).toBe(403);
    },
  );

  it('lets support upload, activate and roll out an APK without settings.edit', async () => {
    const apk = await buildTestApk({ versionCode: 7, versionName: '7.0.0' });
    const uploaded = await request(t.app)
      .post('/api/ota/upload')
      .set(bearer(support))
      .field('version', '7.0.0')
      .field('rolloutPercent', '10')
      .attach('apk', apk, 'patrol.apk')
      .expect(201);
    const id = uploaded.body.version.id as string;
    await request(t.app).patch(`/api/ota/versions/${id}/activate`).set(bearer(support)).expect(200);
    await request(t.app)
      .patch(`/api/ota/versions/${id}/rollout`)
      .set(bearer(support))
      .send({ rolloutPercent: 50 })
      .expect(200);
    await request(t.app).get('/api/crash-reports').set(bearer(support)).expect(200);
    await request(t.app).get('/api/system/health').set(bearer(support)).expect(200);
    await request(t.app).put('/api/settings').set(bearer(support)).send({}).expect(403);
  });
});
