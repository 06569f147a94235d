import type { Server as HttpServer } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema';
import { createEventBus } from '../events/event-bus';
import {
  type TestContext,
  bearer,
  buildUserWithTwoFactor,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  signInWithTotp,
  testPassword,
  totpCode,
} from '../../test/builders';
import { redisAnswers, testRedisUrl } from '../../test/redis';
import { createRealtimeServer, type RealtimeServer } from './realtime-server';

/** Resolves with the disconnect reason, or 'still connected' after `timeoutMs`. */
const disconnection = (socket: ClientSocket, timeoutMs = 1_000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

// No periodic re-check runs during these tests: only the session's end can close the sockets.
const noRevalidation = { revalidateIntervalMs: 60 * 60 * 1000 };

describe('sockets end with their session, at once', () => {
  let t: TestContext;
  let server: HttpServer;
  let url: string;
  let realtime: RealtimeServer;
  const sockets: ClientSocket[] = [];
  const connect = async (token: string) => {
    const socket = await connectSocket(url, { token });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestContext();
    ({ server, url } = await listenOnFreePort(t.app));
    realtime = await createRealtimeServer(server, t.ctx, noRevalidation);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await realtime.close();
    await t.close();
  });

  it('closes the sockets of a signed-out session, not those of the user’s other session', async () => {
    const account = await buildUserWithTwoFactor(t);
    const leaving = await signInWithTotp(t, account);
    const staying = await signInWithTotp(t, account, 1);
    const leavingSocket = await connect(leaving.token);
    const stayingSocket = await connect(staying.token);
    const closed = disconnection(leavingSocket);
    const kept = disconnection(stayingSocket, 300);

    await request(t.app).post('/api/auth/logout').send({ refreshToken: leaving.refreshToken });
    expect(await closed).toBe('io server disconnect');
    expect(await kept).toBe('still connected');
  });

  it('closes every socket of the user after a password change', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const socket = await connect(session.token);
    const closed = disconnection(socket);

    await request(t.app)
      .post('/api/auth/change-password')
      .set(bearer(session.token))
      .send({
        currentPassword: testPassword,
        newPassword: 'Fresh-password-2',
        code: await totpCode(account.secret, 1),
      })
      .expect(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('closes every socket of a suspended user', async () => {
    const admin = await t.signIn('superadmin');
    const account = await buildUserWithTwoFactor(t, { role: 'sales' });
    const session = await signInWithTotp(t, account);
    const socket = await connect(session.token);
    const closed = disconnection(socket);

    const { user } = account;
    await request(t.app)
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({
        username: user.username,
        email: user.email,
        fullName: user.fullName,
        role: user.role,
        status: 'suspended',
      })
      .expect(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('closes the sockets of a session revoked for a reused refresh token', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const rotated = await request(t.app)
      .post('/api/auth/refresh')
      .send({ refreshToken: session.refreshToken })
      .expect(200);
    const socket = await connect(rotated.body.token);
    const closed = disconnection(socket);
    // The rotation is past the grace: presenting the old token again looks like theft.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, account.user.id));

    await request(t.app)
      .post('/api/auth/refresh')
      .send({ refreshToken: session.refreshToken })
      .expect(401);
    expect(await closed).toBe('io server disconnect');
  });
});

const redisAvailable = await redisAnswers();

describe.skipIf(!redisAvailable)('sockets end with their session on every process', () => {
  let t: TestContext;
  const servers: RealtimeServer[] = [];
  let otherUrl: string;

  beforeAll(async () => {
    t = await createTestContext({ env: { REDIS_URL: testRedisUrl } });
    // The process that serves the sign-out (its bus is the app's) and another one.
    const serving = await listenOnFreePort(t.app);
    servers.push(await createRealtimeServer(serving.server, t.ctx, noRevalidation));
    const other = await listenOnFreePort(t.app);
    otherUrl = other.url;
    servers.push(
      await createRealtimeServer(
        other.server,
        { ...t.ctx, events: createEventBus() },
        noRevalidation,
      ),
    );
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t?.close();
  });

  it('closes a signed-out session’s socket held by another process', async () => {
    const account = await buildUserWithTwoFactor(t);
    const session = await signInWithTotp(t, account);
    const socket = await connectSocket(otherUrl, { token: session.token });
    const closed = disconnection(socket, 3_000);

    await request(t.app).post('/api/auth/logout').send({ refreshToken: session.refreshToken });
    expect(await closed).toBe('io server disconnect');
    socket.close();
  });
});
