import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moduleRoutes } from '../app';
import { bearer, createTestContext, type TestContext } from '../../test/builders';
import { defineRoute } from './route';

/** A test-only route whose SQL PostgreSQL refuses as a data exception (SQLSTATE 22P02). */
const badCastRoute = defineRoute({
  method: 'get',
  path: '/api/test/bad-cast',
  summary: 'Casts text that is not a number',
  tags: ['test'],
  access: 'public',
  response: z.object({}),
  handler: async ({ ctx }) => {
    await ctx.db.execute(sql`select ${'not a number'}::int`);
    return {};
  },
});

function expectCleanRefusal(response: request.Response, status = 400): void {
  expect(response.status).toBe(status);
  expect(response.body.success).toBe(false);
  expect(JSON.stringify(response.body)).not.toMatch(/at \S+ \(|node_modules|Failed query/);
}

describe('malformed input answers 4xx, never 500', () => {
  let test: TestContext;
  let token: string;
  beforeAll(async () => {
    test = await createTestContext({ routes: [...moduleRoutes, badCastRoute] });
    token = await test.signIn('superadmin');
  });
  afterAll(() => test.close());

  it('refuses a path whose percent-encoding is broken, signed in or not', async () => {
    const signedIn = await request(test.app).get('/api/clients/%E0%A4%A').set(bearer(token));
    expectCleanRefusal(signedIn);
    expect(signedIn.body.message).toBe('The request path is not correctly encoded.');
    // Parameters are decoded when the route matches, before anyone is asked to sign in.
    expectCleanRefusal(await request(test.app).get('/api/licences/%ZZ'));
  });

  it('refuses a body whose declared encoding is not what it carries', async () => {
    const response = await request(test.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x' }));
    expectCleanRefusal(response);
    expect(response.body.message).toBe('The request body could not be read.');
  });

  it('refuses a gzip body that is not JSON inside', async () => {
    const response = await request(test.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send(gzipSync('{"email": '));
    expectCleanRefusal(response);
  });

  it('refuses NUL in a body field, naming the field, before any sign-in work', async () => {
    const response = await request(test.app)
      .post('/api/auth/login')
      .send({ email: 'ops\u0000@acme.example', password: 'x' });
    expectCleanRefusal(response);
    expect(response.body.errors).toEqual({
      email: 'email contains a character that cannot be stored (NUL or an unpaired surrogate)',
    });
  });

  it('refuses an unpaired surrogate in a nested field and in an object key', async () => {
    const nested = await request(test.app)
      .post('/api/clients')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .send(
        '{"companyName":"Acme \\ud800","contactPerson":"Tan","email":"a@b.co","phone":"1","address":"x"}',
      );
    expectCleanRefusal(nested);
    expect(Object.keys(nested.body.errors)).toEqual(['companyName']);

    const key = await request(test.app)
      .put('/api/settings')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .send('{"general":{"\\udc00":"x"}}');
    expectCleanRefusal(key);
    expect(Object.keys(key.body.errors)).toEqual(['general.\udc00']);
  });

  it('keeps a well-formed pair of surrogates (an emoji) as ordinary text', async () => {
    const response = await request(test.app).post('/api/clients').set(bearer(token)).send({
      companyId: 'EMOJI-01',
      companyName: 'Acme 🛡️ Guards',
      contactPerson: 'Tan',
      email: 'ops@acme.example',
      phone: '+60 12-345 6789',
      address: '1 Jalan Ampang, Kuala Lumpur',
    });
    expect(response.status).toBe(201);
    expect(response.body.client.companyName).toBe('Acme 🛡️ Guards');
  });

  it('refuses NUL in a path parameter and in a query parameter', async () => {
    expectCleanRefusal(await request(test.app).get('/api/clients/AC%00ME').set(bearer(token)));
    const query = await request(test.app).get('/api/clients?search=a%00b').set(bearer(token));
    expectCleanRefusal(query);
    expect(Object.keys(query.body.errors)).toEqual(['search']);
  });

  it('answers 400 when PostgreSQL itself refuses a value', async () => {
    const response = await request(test.app).get('/api/test/bad-cast');
    expectCleanRefusal(response);
    expect(response.body.message).toBe('A value in the request cannot be stored.');
  });
});
