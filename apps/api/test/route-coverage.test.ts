import type { Application } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../src/app';
import type { Route } from '../src/http/route';
import { createTestContext, type TestContext } from './test-context';

/** Routes anyone may call. Adding a path here is a security decision: say why in the review. */
const allowedPublicRoutes = [
  'GET /health',
  'GET /ready',
  'GET /api/openapi.json',
  // Prometheus scrapers carry no staff session; METRICS_TOKEN (a bearer, checked inside) guards it
  // when set, and docs/configuration.md says to set it wherever the port is reachable from outside.
  'GET /metrics',
  'GET /api/docs',
  // Sign-in and recovery happen before a session exists; logout must work with an expired token.
  'GET /api/auth/has-superadmin',
  'POST /api/auth/register',
  'POST /api/auth/setup-2fa',
  'POST /api/auth/login',
  'POST /api/auth/verify-2fa',
  'POST /api/auth/complete-password-change',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/reset-password',
  'POST /api/auth/set-password',
  'POST /api/auth/emergency-recovery-request',
  'POST /api/auth/emergency-recovery-execute',
  // An <img> loads the company logo without a token.
  'GET /api/settings/logo/file',
  // The patrol app activates a licence key before it holds a device token.
  'POST /api/device/activate',
  // The app verifies its signed licence file with these keys, before and without a token.
  'GET /api/device/licence-keys',
  // A client opens a shared invoice PDF from WhatsApp; the HMAC signature and expiry are checked inside.
  'GET /api/public/invoices/:id/pdf',
  'GET /api/public/quotations/:id/pdf',
  'GET /api/public/receipts/:id/pdf',
];

/** The patrol app's routes (access 'device'): a device token, never a staff session. */
const deviceRoutes = [
  'POST /api/device/heartbeat',
  'POST /api/device/session',
  'GET /api/device/licence',
  'POST /api/crash-reports',
];

/** Routes the console (staff with the permissions) and the app (device token) share. */
const staffOrDeviceRoutes = ['GET /api/ota/mobile/check', 'GET /api/ota/versions/:id/download'];

/** The shape of Express 5 router internals this test reads. */
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every `METHOD path` mounted on the app, found by walking its routers (not the declarations). */
function mountedRoutes(app: Application): string[] {
  const found: string[] = [];
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          found.push(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack);
  return found;
}

describe('route coverage', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext();
  });
  afterAll(() => test.close());

  it('mounts only declared routes', () => {
    const declared = new Set(
      declaredRoutes(test.app).map((route) => `${route.method.toUpperCase()} ${route.path}`),
    );
    const mounted = mountedRoutes(test.app);
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.filter((route) => !declared.has(route))).toEqual([]);
  });

  it('gives every route an access declaration', () => {
    for (const route of declaredRoutes(test.app)) {
      const name = `${route.method.toUpperCase()} ${route.path}`;
      const { access } = route;
      const valid =
        access === 'public' ||
        access === 'authenticated' ||
        access === 'device' ||
        (typeof access === 'object' &&
          Array.isArray(access.permissions) &&
          access.permissions.length > 0);
      expect(valid, `${name} declares no access`).toBe(true);
    }
  });

  it('keeps public routes to the agreed list', () => {
    const publicRoutes = declaredRoutes(test.app)
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(publicRoutes.filter((route) => !allowedPublicRoutes.includes(route))).toEqual([]);
  });

  it('guards the refund note routes like the credit note routes', () => {
    const guarded = new Map(
      declaredRoutes(test.app).map((route) => [
        `${route.method.toUpperCase()} ${route.path}`,
        typeof route.access === 'object' ? route.access.permissions : route.access,
      ]),
    );
    expect({
      issue: guarded.get('POST /api/business/invoices/:id/refund-notes'),
      list: guarded.get('GET /api/business/refund-notes'),
      one: guarded.get('GET /api/business/refund-notes/:id'),
      pdf: guarded.get('GET /api/business/refund-notes/:id/download'),
    }).toEqual({
      issue: guarded.get('POST /api/business/invoices/:id/credit-notes'),
      list: ['invoices.view'],
      one: ['invoices.view'],
      pdf: ['invoices.view'],
    });
    expect(guarded.get('POST /api/business/invoices/:id/refund-notes')).toEqual(['invoices.edit']);
  });

  it('declares which routes admit the patrol app', () => {
    const named = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;
    const routes = declaredRoutes(test.app);
    expect(
      routes
        .filter((route) => route.access === 'device')
        .map(named)
        .sort(),
    ).toEqual([...deviceRoutes].sort());
    const shared = routes.filter(
      (route) => typeof route.access === 'object' && route.access.orDevice,
    );
    expect(shared.map(named).sort()).toEqual([...staffOrDeviceRoutes].sort());
  });
});
