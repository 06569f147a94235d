import {
  passwordChangeRequiredResponseSchema,
  twoFactorChallengeResponseSchema,
  twoFactorSetupRequiredResponseSchema,
} from '@patrol/contracts';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import {
  administrationTestSetup,
  auditEntriesOf,
  bearer,
  buildUserWithTwoFactor,
  freshAddress,
  storedUser,
  testPassword,
  totpCode,
} from '../../../test/builders';

const setup = administrationTestSetup();
const api = () => request(setup.t.app);
const temporaryPassword = 'Temporary1Pass';
const chosenPassword = 'MyOwnChoice42';

const setTemporary = (
  userId: string,
  token = setup.superadminToken,
  password = temporaryPassword,
) => api().post(`/api/users/${userId}/temporary-password`).set(bearer(token)).send({ password });
const login = (email: string, password: string) =>
  api().post('/api/auth/login').set('X-Forwarded-For', freshAddress()).send({ email, password });
const completeChange = (passwordChangeToken: string, newPassword: string) =>
  api()
    .post('/api/auth/complete-password-change')
    .set('X-Forwarded-For', freshAddress())
    .send({ passwordChangeToken, newPassword });

/** A user with two-factor whose password a superadmin has just made temporary. */
async function userWithTemporaryPassword() {
  const account = await buildUserWithTwoFactor(setup.t, { role: 'sales', fullName: 'Night Guard' });
  await setTemporary(account.user.id).expect(200);
  return account;
}

async function passwordChangeToken(email: string, password = temporaryPassword) {
  const response = await login(email, password).expect(200);
  return passwordChangeRequiredResponseSchema.parse(response.body).passwordChangeToken;
}

describe('POST /api/users/{id}/temporary-password', () => {
  it('sets the password, flags it for change, ends the sessions and audits it', async () => {
    const account = await buildUserWithTwoFactor(setup.t, {
      role: 'sales',
      fullName: 'Night Guard',
    });
    const session = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await setTemporary(account.user.id).expect(200);
    expect(response.body.message).toBe(
      'Temporary password set. Give it to Night Guard in person or by phone: it must be changed at the next sign-in. Night Guard has been signed out everywhere.',
    );
    expect(await storedUser(setup.t, account.user.id)).toMatchObject({ mustChangePassword: true });
    const [entry] = await auditEntriesOf(setup.t, account.user.id);
    expect(entry).toMatchObject({
      action: 'user.temporary_password_set',
      changes: { mustChangePassword: { before: false, after: true } },
    });
    expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
    expect(setup.t.published).toContainEqual({
      event: 'accountChanged',
      payload: { userId: account.user.id },
    });
    // The users list shows that the password is temporary.
    const list = await api()
      .get('/api/users')
      .query({ search: account.user.email })
      .set(bearer(setup.superadminToken))
      .expect(200);
    expect(list.body.data.users[0]).toMatchObject({ mustChangePassword: true });
    // Another user's session is untouched.
    await api().get('/api/auth/validate').set(bearer(session.token)).expect(200);
  });

  it("ends the user's open sessions", async () => {
    const { user, token } = await setup.t.createUserWithToken({ role: 'sales' });
    await api().get('/api/auth/validate').set(bearer(token)).expect(200);
    await setTemporary(user.id).expect(200);
    await api().get('/api/auth/validate').set(bearer(token)).expect(401);
  });

  it('checks the password rules (400 naming the field)', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const response = await setTemporary(user.id, setup.superadminToken, 'short').expect(400);
    expect(response.body.errors).toMatchObject({
      password: 'Password must be at least 8 characters long',
    });
    expect(await storedUser(setup.t, user.id)).toMatchObject({ mustChangePassword: false });
  });

  it('is for a superadmin (403), not on their own account (403), 404 for an unknown user, 409 when inactive', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales' });
    const refused = await setTemporary(user.id, setup.adminToken).expect(403);
    expect(refused.body.message).toBe(
      "Only a superadmin can reset another user's password or two-factor.",
    );
    await setTemporary(setup.superadminId).expect(403);
    await setTemporary('00000000-0000-4000-8000-000000000000').expect(404);
    const suspended = await setup.t.createUserWithToken({ role: 'sales', status: 'suspended' });
    const inactive = await setTemporary(suspended.user.id).expect(409);
    expect(inactive.body.message).toBe(
      'This account is not active: activate it before resetting its password.',
    );
  });
});

describe('signing in with a temporary password', () => {
  it('asks for a new password before the second factor, then signs in with the new one', async () => {
    const account = await userWithTemporaryPassword();
    const first = await login(account.user.email, temporaryPassword).expect(200);
    const step = passwordChangeRequiredResponseSchema.parse(first.body);
    expect(step.message).toBe(
      'Your password is a temporary one. Choose a new password to continue signing in.',
    );
    expect(first.body).not.toHaveProperty('token');
    expect(first.body).not.toHaveProperty('tempToken');

    const changed = await completeChange(step.passwordChangeToken, chosenPassword).expect(200);
    const challenge = twoFactorChallengeResponseSchema.parse(changed.body);
    const session = await api()
      .post('/api/auth/verify-2fa')
      .send({ tempToken: challenge.tempToken, code: await totpCode(account.secret) })
      .expect(200);
    expect(session.body.user.id).toBe(account.user.id);

    expect(await storedUser(setup.t, account.user.id)).toMatchObject({ mustChangePassword: false });
    // Newest first: the sign-in that followed, then the replaced password.
    const actions = (await auditEntriesOf(setup.t, account.user.id)).map((row) => row.action);
    expect(actions.slice(0, 2)).toEqual(['session.signed_in', 'user.temporary_password_replaced']);
    // The temporary password no longer works; the chosen one goes straight to the challenge.
    await login(account.user.email, temporaryPassword).expect(401);
    const again = await login(account.user.email, chosenPassword).expect(200);
    expect(again.body.requires2FA).toBe(true);
  });

  it('goes on to the two-factor setup when the account has none', async () => {
    const { user } = await setup.t.createUserWithToken({ role: 'sales', twoFactorEnabled: false });
    await setTemporary(user.id).expect(200);
    const token = await passwordChangeToken(user.email);
    const changed = await completeChange(token, chosenPassword).expect(200);
    expect(twoFactorSetupRequiredResponseSchema.parse(changed.body).requires2FASetup).toBe(true);
  });

  it('refuses the temporary password again as the new one (400) and keeps the step open', async () => {
    const account = await userWithTemporaryPassword();
    const token = await passwordChangeToken(account.user.email);
    const same = await completeChange(token, temporaryPassword).expect(400);
    expect(same.body.errors).toEqual({
      newPassword: 'Choose a password different from the temporary one',
    });
    const weak = await completeChange(token, 'alllowercase').expect(400);
    expect(weak.body.errors.newPassword).toBe(
      'Password must contain at least one uppercase letter',
    );
    await completeChange(token, chosenPassword).expect(200);
  });

  it('spends the token once the password is replaced, and refuses other tokens (401)', async () => {
    const account = await userWithTemporaryPassword();
    const token = await passwordChangeToken(account.user.email);
    await completeChange(token, chosenPassword).expect(200);
    const reused = await completeChange(token, 'AnotherOne77').expect(401);
    expect(reused.body.error).toBe('TOKEN_EXPIRED');
    await completeChange('not-a-token', chosenPassword).expect(401);
    // A two-factor challenge token is not a password-change token, nor the other way round.
    const challenge = await login(account.user.email, chosenPassword).expect(200);
    await completeChange(challenge.body.tempToken, 'AnotherOne77').expect(401);
    await api()
      .post('/api/auth/verify-2fa')
      .send({ tempToken: token, code: await totpCode(account.secret) })
      .expect(401);
  });

  it('asks for the token (400)', async () => {
    const response = await api()
      .post('/api/auth/complete-password-change')
      .send({ newPassword: chosenPassword })
      .expect(400);
    expect(response.body.errors).toMatchObject({
      passwordChangeToken: 'Password change token is required',
    });
  });

  it('does not let a two-factor challenge opened before the temporary password finish', async () => {
    const account = await buildUserWithTwoFactor(setup.t, { role: 'sales' });
    const before = await login(account.user.email, testPassword).expect(200);
    await setTemporary(account.user.id).expect(200);
    await api()
      .post('/api/auth/verify-2fa')
      .send({ tempToken: before.body.tempToken, code: await totpCode(account.secret) })
      .expect(401);
  });

  it('is cleared by a password reset through the mailed link', async () => {
    const account = await userWithTemporaryPassword();
    await api()
      .post(`/api/users/${account.user.id}/password-reset`)
      .set(bearer(setup.superadminToken))
      .expect(200);
    const resetToken = await vi.waitFor(async () => {
      const [mail] = await setup.t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, account.user.email));
      const token = /\/recovery\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      return decodeURIComponent(token!);
    });
    await api()
      .post('/api/auth/set-password')
      .send({ token: resetToken, password: chosenPassword })
      .expect(200);
    expect(await storedUser(setup.t, account.user.id)).toMatchObject({ mustChangePassword: false });
  });
});
