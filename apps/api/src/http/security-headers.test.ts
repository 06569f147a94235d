import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/test-context';
import { signingKey } from '../security/signing-key';

describe('security headers and token rules', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    token = await t.signIn('Admin');
  });
  afterAll(() => t.close());

  it('keeps API answers out of every cache: tokens, personal data and errors alike', async () => {
    for (const response of [
      await request(t.app).get('/api/auth/has-superadmin'),
      await request(t.app).get('/api/users').set(bearer(token)),
      await request(t.app).get('/api/users'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('switches off the browser features the console never uses, on pages and answers', async () => {
    for (const path of ['/', '/api/auth/has-superadmin']) {
      const response = await request(t.app).get(path);
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
    }
  });

  it('refuses an access token that never expires (401)', async () => {
    const [userRow] = await t.database.db.query.users.findMany({ limit: 1 });
    const forever = jwt.sign({ typ: 'access' }, signingKey(t.ctx.config.jwtSecret), {
      algorithm: 'HS256',
      subject: userRow!.id,
    });
    await request(t.app).get('/api/users').set(bearer(forever)).expect(401);
    await request(t.app).get('/api/users').set(bearer(token)).expect(200);
  });
});
