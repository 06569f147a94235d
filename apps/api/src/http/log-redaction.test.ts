import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildUserWithTwoFactor,
  captureLogs,
  createTestContext,
  signInWithTotp,
  type TestContext,
} from '../../test/builders';
import { moduleRoutes } from '../app';
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

/** A test-only route whose insert breaks a foreign key, with a personal value among its row's. */
const failingInsertRoute = defineRoute({
  method: 'post',
  path: '/api/test/failing-insert',
  summary: 'Inserts a release uploaded by nobody',
  tags: ['test'],
  access: 'public',
  body: z.object({ notes: z.string(), uploadedBy: z.string() }),
  response: z.object({}),
  handler: async ({ ctx, body }) => {
    await ctx.db.execute(
      sql`insert into ota_versions (version, version_code, package_name, file_size, checksum, file_path, release_notes, uploaded_by)
          values ('1.0', 1, 'com.example', 1, 'c', 'f', ${body.notes}, ${body.uploadedBy})`,
    );
    return {};
  },
});

/** A test-only route that fails after its answer has started. */
const failingStreamRoute = defineRoute({
  method: 'get',
  path: '/api/test/failing-stream',
  summary: 'Starts an answer, then fails',
  tags: ['test'],
  access: 'public',
  response: z.object({}),
  handler: async ({ res }) => {
    res.status(200).setHeader('Content-Type', 'text/plain');
    res.write('partial');
    throw new Error('the export broke halfway');
  },
});

describe('the log stream', () => {
  let lines: string[];
  let t: TestContext;
  beforeAll(async () => {
    const captured = captureLogs();
    lines = captured.lines;
    t = await createTestContext({
      routes: [...moduleRoutes, failingQueryRoute, failingInsertRoute, failingStreamRoute],
      services: { logger: captured.logger },
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
  it("logs a 500's SQL state and constraint, never the statement's values", async () => {
    const personal = 'Call Siti on 012-3456789';
    const before = lines.length;
    const uploadedBy = '00000000-0000-4000-8000-000000000001';
    await request(t.app)
      .post('/api/test/failing-insert')
      .send({ notes: personal, uploadedBy })
      .expect(500);
    const failure = lines
      .slice(before)
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'request failed');
    expect(failure.err.cause).toMatchObject({
      code: '23503',
      constraint: 'ota_versions_uploaded_by_users_id_fk',
    });
    const logged = lines.slice(before).join('');
    expect(logged).not.toContain(personal);
    expect(logged).not.toContain(uploadedBy);
  });
  it('logs an error after the answer started as one JSON line and cuts the connection', async () => {
    const before = lines.length;
    const outcome = await request(t.app)
      .get('/api/test/failing-stream')
      .then(
        () => 'answered',
        () => 'cut',
      );
    expect(outcome).toBe('cut');
    const logged = lines.slice(before).map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'request failed after its answer started',
        err: expect.objectContaining({ message: 'the export broke halfway' }),
      }),
    );
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
