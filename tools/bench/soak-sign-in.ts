import { randomBytes, randomUUID } from 'node:crypto';
import { roleTemplates } from '@patrol/contracts';
import { generate, generateSecret } from 'otplib';
import type { Database } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { bcryptCostFor, createPasswordHasher } from '../../apps/api/src/security/password-hasher';
import { createSecretBox, deriveKey } from '../../apps/api/src/security/secret-keys';

/** A staff account the soak signs in with: its password and its authenticator's secret. */
export interface SignInAccount {
  email: string;
  password: string;
  totpSecret: string;
}

/**
 * Inserts `count` managers with two-factor set up, as the API would keep them: the password hashed
 * at the production bcrypt cost, the TOTP secret sealed with the key the API derives from
 * `jwtSecret`. One password serves them all: the hash is the slow part, and is done once.
 */
export async function createSignInAccounts(
  database: Database,
  jwtSecret: string,
  count: number,
): Promise<SignInAccount[]> {
  const password = `Soak-${randomBytes(6).toString('hex')}-1`;
  const passwordHash = await createPasswordHasher(bcryptCostFor({ nodeEnv: 'production' })).hash(
    password,
  );
  const totpBox = createSecretBox(deriveKey(jwtSecret, 'totp-secret'));
  const accounts = Array.from({ length: count }, () => {
    const suffix = randomUUID().slice(0, 8);
    return {
      username: `soak-${suffix}`,
      email: `soak-${suffix}@example.test`,
      password,
      totpSecret: generateSecret({ length: 20 }),
    };
  });
  await database.db.insert(users).values(
    accounts.map((account) => ({
      username: account.username,
      email: account.email,
      passwordHash,
      fullName: 'Soak Sign-in',
      role: 'manager' as const,
      status: 'active' as const,
      permissions: [...roleTemplates.manager],
      twoFactorEnabled: true,
      twoFactorSecret: totpBox.seal(account.totpSecret),
    })),
  );
  return accounts.map(({ email, password: secretWord, totpSecret }) => ({
    email,
    password: secretWord,
    totpSecret,
  }));
}

/**
 * Signs in as the console does: email and password, then the authenticator's current code.
 * Answers the status of the step that failed, or of the second step.
 */
export async function signIn(url: string, account: SignInAccount): Promise<number> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  const login = await post('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  const challenge = (await login.json()) as { tempToken?: string };
  if (!login.ok || !challenge.tempToken) return login.ok ? 500 : login.status;
  const code = await generate({ secret: account.totpSecret });
  const verified = await post('/api/auth/verify-2fa', { tempToken: challenge.tempToken, code });
  await verified.arrayBuffer();
  return verified.status;
}
