import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AuthSessionResponse,
  HasSuperadminResponse,
  LoginResponse,
  RefreshResponse,
  Role,
  SessionUser,
  SetupResponse,
  UserResponse,
} from '@patrol/contracts';
import { generate } from 'otplib';
import { lock } from 'proper-lockfile';
import type { Page } from 'playwright-core';
import { createApiClient, type ApiClient, type ApiResponse } from './api-client';
import { waitForDashboard } from './auth';
import { artifactsDir } from './paths';

/** A staff user signed in by `signInAsStaff`, with an API client holding the same session. */
export interface StaffSession {
  user: SessionUser;
  email: string;
  password: string;
  /** Sends the user's access token, as the signed-in console does. */
  api: ApiClient;
}

/** What a later journey file needs to act as the server's first administrator again. */
interface FirstAdministrator {
  email: string;
  /** Refresh tokens rotate: each use stores the next one here. */
  refreshToken: string;
}

// Journey files run in separate workers (two at once) against one shared server, so the
// administrator the first file creates is kept in a file for the others; a lock beside it lets one
// worker at a time register it or rotate its refresh token (a token used twice ends the session).
const administratorsDir = join(artifactsDir, 'e2e-accounts');

function administratorFile(baseUrl: string): string {
  return join(administratorsDir, `first-administrator-${new URL(baseUrl).port}.json`);
}

function expectStatus<T>(response: ApiResponse<T>, status: number, what: string): T {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

/** The current authenticator code for a secret as the API shows it (maybe grouped by blanks). */
function currentTotpCode(secret: string): Promise<string> {
  return generate({ secret: secret.replace(/\s+/g, ''), epoch: Math.floor(Date.now() / 1000) });
}

function newPassword(): string {
  return `Patrol-${randomBytes(4).toString('hex')}-Secret1`;
}

async function saveAdministrator(baseUrl: string, administrator: FirstAdministrator) {
  await mkdir(administratorsDir, { recursive: true });
  await writeFile(administratorFile(baseUrl), JSON.stringify(administrator, null, 2));
}

/**
 * An API client signed in as the server's first administrator: registered with two-factor
 * set up through the API on a fresh server, or resumed from the refresh token an earlier call
 * stored; one worker at a time.
 */
async function firstAdministratorApi(baseUrl: string): Promise<ApiClient> {
  await mkdir(administratorsDir, { recursive: true });
  const release = await lock(administratorFile(baseUrl), {
    realpath: false,
    retries: { retries: 100, minTimeout: 50, maxTimeout: 500 },
  });
  try {
    return await signInFirstAdministrator(baseUrl);
  } finally {
    await release();
  }
}

async function signInFirstAdministrator(baseUrl: string): Promise<ApiClient> {
  const api = createApiClient(baseUrl);
  const setup = await api.get<HasSuperadminResponse>('/api/auth/has-superadmin');
  if (!setup.body.exists) {
    const email = `admin-${randomBytes(4).toString('hex')}@example.com`;
    const registered = expectStatus(
      await api.post<SetupResponse>('/api/auth/register', {
        name: 'Aisha Rahman',
        email,
        password: newPassword(),
      }),
      201,
      'POST /api/auth/register',
    );
    const session = expectStatus(
      await api.post<AuthSessionResponse>('/api/auth/setup-2fa', {
        setupToken: registered.setupToken,
        code: await currentTotpCode(registered.twoFASecret),
      }),
      200,
      'POST /api/auth/setup-2fa',
    );
    await saveAdministrator(baseUrl, { email, refreshToken: session.refreshToken });
    return api.withToken(session.token);
  }

  let recorded: FirstAdministrator;
  try {
    recorded = JSON.parse(await readFile(administratorFile(baseUrl), 'utf8')) as FirstAdministrator;
  } catch {
    throw new Error(`${baseUrl} already has an administrator that no journey recorded`);
  }
  const refreshed = expectStatus(
    await api.post<RefreshResponse>('/api/auth/refresh', { refreshToken: recorded.refreshToken }),
    200,
    `Refreshing the session of ${recorded.email}`,
  );
  await saveAdministrator(baseUrl, { ...recorded, refreshToken: refreshed.refreshToken });
  return api.withToken(refreshed.token);
}

/**
 * Signs `page` in as a brand-new staff user with `role`, without the sign-in screens: the
 * server's first administrator creates the user, the user's first sign-in and two-factor setup
 * go through the API, and the session is put in the page's storage before '/' opens. For
 * journeys whose subject is not sign-in; a fresh user each time means no waiting for an unused
 * authenticator time step. Ends on the dashboard.
 */
export async function signInAsStaff(
  page: Page,
  baseUrl: string,
  { role = 'superadmin' }: { role?: Role } = {},
): Promise<StaffSession> {
  const administrator = await firstAdministratorApi(baseUrl);
  const suffix = randomBytes(4).toString('hex');
  const email = `staff-${suffix}@example.com`;
  const password = newPassword();
  expectStatus(
    await administrator.post<UserResponse>('/api/users', {
      username: `staff-${suffix}`,
      email,
      fullName: `Staff ${suffix}`,
      role,
      password,
    }),
    201,
    'POST /api/users',
  );

  const api = createApiClient(baseUrl);
  const login = expectStatus(
    await api.post<LoginResponse>('/api/auth/login', { email, password }),
    200,
    'POST /api/auth/login',
  );
  if (!('requires2FASetup' in login)) {
    throw new Error(
      `A new user's sign-in did not ask for two-factor setup: ${JSON.stringify(login)}`,
    );
  }
  const session = expectStatus(
    await api.post<AuthSessionResponse>('/api/auth/setup-2fa', {
      setupToken: login.setupToken,
      code: await currentTotpCode(login.twoFASecret),
    }),
    200,
    'POST /api/auth/setup-2fa',
  );

  await page.addInitScript(
    (stored) => {
      // Only on the first load: a journey that signs out must stay signed out.
      if (sessionStorage.getItem('e2eSessionSeeded')) return;
      sessionStorage.setItem('e2eSessionSeeded', 'true');
      localStorage.setItem('token', stored.token);
      localStorage.setItem('refreshToken', stored.refreshToken);
      localStorage.setItem('user', JSON.stringify(stored.user));
    },
    { token: session.token, refreshToken: session.refreshToken, user: session.user },
  );
  await page.goto(new URL('/', baseUrl).href);
  await waitForDashboard(page);
  return { user: session.user, email, password, api: api.withToken(session.token) };
}
