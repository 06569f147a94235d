import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildUserWithTwoFactor,
  createTestContext,
  signInWithTotp,
  type TestContext,
} from '../../test/builders';
import { moduleRoutes } from '../app';
import { createLogger } from './logger';
import { redactSecretShapes } from './log-redaction';
import { defineRoute } from './route';

/** A test-only route whose query fails with a secret among its parameters (a real bug, so 500). */
const failingQueryRoute = defineRoute({
  method: 'post',
  path: '/api/test/failing-query',
  summary: 'Runs a query on a table that does not exist',
  tags: ['test'],
  access: 'public',
  body: z.object({ secret: z.string() }),
  response: z.object({}),
  handler: async ({ ctx, body }) => {
    await ctx.db.execute(sql`select ${body.secret}::text from no_such_table`);
    return {};
  },
});

describe('the log stream', () => {
  const lines: string[] = [];
  let t: TestContext;
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestContext({
      routes: [...moduleRoutes, failingQueryRoute],
      services: { logger: createLogger({ logLevel: 'debug' }, destination) },
    });
  });
  afterAll(() => t.close());

  it('never carries a password, hash, token or 2FA secret of a whole session', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    await request(t.app).post('/api/auth/refresh').send({ refreshToken: session.refreshToken });
    await request(t.app)
      .get(`/api/auth/validate?token=${session.token}`)
      .set('Authorization', `Bearer ${session.token}`);
    await request(t.app)
      .post('/api/test/failing-query')
      .send({ secret: account.user.passwordHash })
      .expect(500);

    const log = lines.join('');
    expect(log).toContain('Failed query: select $1::text from no_such_table');
    expect(log).toContain('no_such_table');
    for (const secret of [
      account.password,
      account.user.passwordHash,
      account.secret,
      session.token,
      session.refreshToken,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('redactSecretShapes', () => {
  it('replaces hashes, JWTs, hex and base64url tokens, base32 secrets; keeps ids and words', () => {
    const line = JSON.stringify({
      hash: '$2b$12$abcdefghijklmnopqrstuuJ9yG3mJYhMwq5p4h8n5z1Q2w3e4r5t6',
      jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      hex: 'a3f9'.repeat(16),
      opaque: 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6',
      totp: 'JBSWY3DPEHPK3PXP',
      reqId: '6f1c2b8e-1d2a-4c7e-9b1a-2f3e4d5c6b7a',
      msg: 'request completed',
      code: 'INTERNAL_ERROR',
    });
    const redacted = redactSecretShapes(line);
    expect(JSON.parse(redacted)).toEqual({
      hash: '[redacted]',
      jwt: '[redacted]',
      hex: '[redacted]',
      opaque: '[redacted]',
      totp: '[redacted]',
      reqId: '6f1c2b8e-1d2a-4c7e-9b1a-2f3e4d5c6b7a',
      msg: 'request completed',
      code: 'INTERNAL_ERROR',
    });
  });
});
