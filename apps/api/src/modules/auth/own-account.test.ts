import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildUserWithTwoFactor,
  createTestContext,
  passwordStep,
  signInWithTotp,
  testPassword,
  totpCode,
  untilNextSecond,
  type TestContext,
} from '../../../test/builders';

describe("one's own account", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const api = () => request(t.app);

  it('changes the password with the current one and a fresh code, ending every session', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'sales' });
    const session = await signInWithTotp(t, account);
    await untilNextSecond();

    const wrong = await api()
      .post('/api/auth/change-password')
      .set(bearer(session.token))
      .send({
        currentPassword: 'Not-the-password-1',
        newPassword: 'Fresh-password-2',
        code: await totpCode(account.secret, 1),
      })
      .expect(400);
    expect(wrong.body.message).toBe('The current password or the code is not right');

    const changed = await api()
      .post('/api/auth/change-password')
      .set(bearer(session.token))
      .send({
        currentPassword: testPassword,
        newPassword: 'Fresh-password-2',
        code: await totpCode(account.secret, 1),
      })
      .expect(200);
    expect(changed.body.message).toBe('Password changed. Sign in again with your new password.');
    await api().get('/api/auth/validate').set(bearer(session.token)).expect(401);
    await passwordStep(t, account.user.email, 'Fresh-password-2');
  });

  it('refuses the same password, a weak one or a missing code (400), and anonymous callers (401)', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'sales' });
    const session = await signInWithTotp(t, account);
    const send = (body: object) =>
      api().post('/api/auth/change-password').set(bearer(session.token)).send(body);
    const same = await send({
      currentPassword: testPassword,
      newPassword: testPassword,
      code: '123456',
    }).expect(400);
    expect(same.body.errors.newPassword).toBe('Choose a password different from the current one');
    await send({ currentPassword: testPassword, newPassword: 'short', code: '123456' }).expect(400);
    await send({ currentPassword: testPassword, newPassword: 'Fresh-password-2' }).expect(400);
    await api().post('/api/auth/change-password').send({}).expect(401);
  });

  it('counts the backup codes left and replaces them after an authenticator code', async () => {
    const account = await buildUserWithTwoFactor(t, { role: 'sales' });
    const session = await signInWithTotp(t, account);
    const status = await api().get('/api/auth/backup-codes').set(bearer(session.token)).expect(200);
    expect(status.body).toEqual({ success: true, remaining: 10, total: 10 });

    await api()
      .post('/api/auth/backup-codes')
      .set(bearer(session.token))
      .send({ code: '000000' })
      .expect(400);
    const fresh = await api()
      .post('/api/auth/backup-codes')
      .set(bearer(session.token))
      .send({ code: await totpCode(account.secret, 1) })
      .expect(200);
    expect(fresh.body.backupCodes).toHaveLength(10);
    expect(fresh.body.backupCodes).not.toContain(account.backupCodes[0]);
    await api()
      .post('/api/auth/backup-codes')
      .set(bearer(session.token))
      .send({ code: 'abc' })
      .expect(400);
    await api().get('/api/auth/backup-codes').expect(401);
  });
});
