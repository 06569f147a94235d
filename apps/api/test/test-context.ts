import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roleTemplates, type Permission, type Role } from '@patrol/contracts';
import bcrypt from 'bcrypt';
import type { Application } from 'express';
import { createApp, moduleRoutes } from '../src/app';
import { loadConfig, type Environment } from '../src/config';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema';
import type { PublishedEvent } from '../src/events/event-bus';
import { signAccessToken } from '../src/http/access-token';
import type { AppContext } from '../src/http/app-context';
import type { Route } from '../src/http/route';
import { createServices, type ServiceOverrides } from '../src/services';
import { createTestDatabase } from './test-database';

/** The password every test user gets. */
export const testPassword = 'Test-password-1';

/**
 * Resolves once the clock has entered the next whole second: a token signed afterwards has a
 * later `iat` than anything that happened before the call (JWT `iat` counts whole seconds).
 */
export function untilNextSecond(): Promise<void> {
  const margin = 5;
  return new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + margin));
}

export interface TestUserOptions {
  role?: Role;
  /** Defaults to the role's template. */
  permissions?: Permission[];
  customGranted?: Permission[];
  customDenied?: Permission[];
  status?: 'active' | 'inactive' | 'suspended';
  /** Defaults to 'Test User <suffix>'. */
  fullName?: string;
  /** Defaults to true: most tests need a user who may use the console. */
  twoFactorEnabled?: boolean;
}

export interface TestContext {
  app: Application;
  ctx: AppContext;
  database: Database;
  /** Every event published so far, oldest first. */
  published: PublishedEvent[];
  /** A bearer token of a fresh user with the role's template permissions (or the ones given). */
  signIn(role: Role, options?: TestUserOptions): Promise<string>;
  /** Inserts a user straight into the users table and signs an access token for it. */
  createUserWithToken(
    options?: TestUserOptions,
  ): Promise<{ user: typeof users.$inferSelect; token: string }>;
  /** Closes the services (database included) and removes the temporary data folder. */
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Routes to mount instead of every module's (e.g. module routes plus test-only routes). */
  routes?: readonly Route[];
  /** Extra environment, e.g. CONSOLE_DIST. */
  env?: Environment;
  /** Service parts to bring or tune (e.g. a rate-limit store). */
  services?: ServiceOverrides;
}

/** A real app on a fresh database, with a random JWT secret and a temporary DATA_DIR. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrol-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // A folder that does not exist unless a test creates it: tests never see a real console build.
    CONSOLE_DIST: join(dataDir, 'console'),
    // Tests stand in for a proxy on loopback, so X-Forwarded-For gives each test an address.
    TRUST_PROXY: 'loopback',
    ...options.env,
  });
  const database = options.services?.database ?? (await createTestDatabase());
  const ctx = await createServices(config, {
    database,
    // Tests read the licence figures right after changing them, and flush heartbeats themselves.
    snapshotTtlMs: 0,
    heartbeatFlushMs: 60 * 60 * 1000,
    ...options.services,
  });
  const app = createApp(ctx, options.routes ?? moduleRoutes);
  const published: PublishedEvent[] = [];
  ctx.events.subscribe((event) => published.push(event));

  const createUserWithToken: TestContext['createUserWithToken'] = async (userOptions = {}) => {
    const role = userOptions.role ?? 'sales';
    const suffix = randomUUID().slice(0, 8);
    const [user] = await database.db
      .insert(users)
      .values({
        username: `user-${suffix}`,
        email: `user-${suffix}@example.test`,
        // Cost 4 keeps tests fast; production hashing is the auth module's concern.
        passwordHash: await bcrypt.hash(testPassword, 4),
        fullName: userOptions.fullName ?? `Test User ${suffix}`,
        role,
        status: userOptions.status ?? 'active',
        permissions: userOptions.permissions ?? roleTemplates[role],
        customGranted: userOptions.customGranted ?? [],
        customDenied: userOptions.customDenied ?? [],
        twoFactorEnabled: userOptions.twoFactorEnabled ?? true,
      })
      .returning();
    return { user: user!, token: signAccessToken(config.jwtSecret, user!.id) };
  };

  return {
    app,
    ctx,
    database,
    published,
    createUserWithToken,
    signIn: async (role, userOptions = {}) =>
      (await createUserWithToken({ role, ...userOptions })).token,
    close: async () => {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Authorization header for a bearer token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
