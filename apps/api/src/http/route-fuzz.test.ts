import { roles, type Role } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/builders';
import { moduleRoutes } from '../app';
import type { Route } from './route';

/**
 * Drives every declared route with generated params, queries and bodies, anonymously and as each
 * role: the classes of input that once answered 500 (broken percent-encoding, a body whose
 * declared encoding lies, NUL and unpaired surrogates, JSON the database refuses) among ordinary
 * and odd values. The seed is fixed so a failure replays; fast-check prints it with the
 * shrunk counterexample.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261124);
const numRuns = Number(process.env.FUZZ_RUNS ?? 250);

const hostileText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '🛡️',
  "'; drop table clients; --",
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  'null',
  '-1',
  '1e309',
  '9'.repeat(40),
  'ACME-01',
  'MP-7KQ2-9XWD-4HNB',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(5_000),
);
const text = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(text, scalar, { maxKeys: 4 }),
);

/** The keys a route's object schema declares, so generated input reaches its rules. */
function declaredKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function inputFor(schema: unknown) {
  const keys = declaredKeys(schema);
  const known =
    keys.length > 0
      ? fc.record(Object.fromEntries(keys.map((key) => [key, value])), { requiredKeys: [] })
      : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(text, value, { maxKeys: 2 }))
    .map(([declared, extra]) => ({ ...extra, ...declared }));
}

/** A path segment: encoded, raw (percent signs and all), or deliberately broken. */
const pathSegment = fc.oneof(
  text.map((segment) => encodeURIComponent(segment.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom('%E0%A4%A', '%ZZ', '%C0%AF', '%00', '%ED%A0%80', '..'),
);

/** How a body travels: JSON, JSON under a gzip header it does not have, a wrong charset, raw text. */
const bodyTransport = fc.constantFrom('json', 'lying-gzip', 'utf-16', 'form', 'raw-surrogate');

function routeNamed(name: string): Route {
  return moduleRoutes.find((route) => `${route.method} ${route.path}` === name)!;
}

function pathOf(route: Route, segments: string[]): string {
  let index = 0;
  return route.path.replace(/:[A-Za-z]+/g, () => segments[index++ % segments.length] ?? 'x');
}

/** Query text for any generated value (surrogates dropped: encodeURIComponent refuses them). */
function queryText(value: unknown): string {
  const raw = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  return encodeURIComponent(raw.replace(/[\ud800-\udfff]/g, ''));
}

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).map(
    ([key, value]) => `${queryText(key)}=${queryText(value)}`,
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

describe('every route under generated input', () => {
  let t: TestContext;
  const tokens = new Map<Role | 'anonymous', string | undefined>([['anonymous', undefined]]);
  beforeAll(async () => {
    t = await createTestContext();
    for (const role of roles) tokens.set(role, await t.signIn(role));
  });
  afterAll(() => t.close());

  /** Rows and last changes of the business tables: a refused request must leave them as they were. */
  async function fingerprint(): Promise<string> {
    const result = await t.database.db.execute(sql`
      select (select count(*) from clients) as clients,
             (select max(updated_at) from clients) as clients_changed,
             (select count(*) from licences) as licences,
             (select count(*) from licences where device_id is not null) as bound,
             (select count(*) from users) as users,
             (select max(updated_at) from users) as users_changed,
             (select max(updated_at) from company_settings) as settings_changed`);
    return JSON.stringify(result.rows[0]);
  }

  it('never answers 5xx or a stack trace, and a refused request changes nothing', async () => {
    const identities = [...tokens.keys()];
    const request_ = fc
      .record({
        // By name, so a counterexample prints a route, not its schemas.
        route: fc.constantFrom(...moduleRoutes.map((route) => `${route.method} ${route.path}`)),
        identity: fc.constantFrom(...identities),
        segments: fc.array(pathSegment, { minLength: 1, maxLength: 2 }),
        transport: bodyTransport,
      })
      .chain((base) =>
        fc.record({
          base: fc.constant(base),
          query: inputFor(routeNamed(base.route).query),
          body: inputFor(routeNamed(base.route).body),
        }),
      );

    await fc.assert(
      fc.asyncProperty(request_, async ({ base, query, body }) => {
        const { identity, segments, transport } = base;
        const route = routeNamed(base.route);
        const before = await fingerprint();
        let call = request(t.app)[route.method](pathOf(route, segments) + queryString(query));
        const token = tokens.get(identity);
        if (token) call = call.set(bearer(token));
        if (route.method !== 'get') {
          const json = JSON.stringify(body);
          if (transport === 'json') call = call.send(body);
          else if (transport === 'lying-gzip')
            call = call
              .set('Content-Type', 'application/json')
              .set('Content-Encoding', 'gzip')
              .send(json);
          else if (transport === 'utf-16')
            call = call.set('Content-Type', 'application/json; charset=utf-16').send(json);
          else if (transport === 'form') call = call.type('form').send(json);
          else
            call = call
              .set('Content-Type', 'application/json')
              .send(json.replace(/"$/, '\\ud800"'));
        }
        const response = await call;
        const answer = `${route.method.toUpperCase()} ${route.path} as ${identity}: ${response.status} ${response.text.slice(0, 300)}`;
        expect(response.status, answer).toBeLessThan(500);
        expect(response.text, answer).not.toMatch(/\n\s+at |node_modules|Failed query/);
        if (response.status >= 400) expect(await fingerprint(), answer).toBe(before);
      }),
      { seed, numRuns, endOnFailure: true },
    );
  });
});
