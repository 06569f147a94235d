import type { Server as HttpServer } from 'node:http';
import { commonMessages } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signAccessToken } from '../http/access-token';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createRealtimeServer, type RealtimeServer } from './realtime-server';
import {
  type TestContext,
  buildUserWithTwoFactor,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  nextEvent,
  sampleClient,
  signInWithTotp,
  untilNextSecond,
} from '../../test/builders';

describe('realtime server', () => {
  let test: TestContext;
  let events: EventBus;
  let server: HttpServer;
  let url: string;
  let realtime: RealtimeServer;
  const openSockets: ClientSocket[] = [];

  const connect = async (auth?: Record<string, unknown>) => {
    const socket = await connectSocket(url, auth);
    openSockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    test = await createTestContext();
    events = createEventBus();
    ({ server, url } = await listenOnFreePort(test.app));
    realtime = await createRealtimeServer(server, { ...test.ctx, events });
  });
  afterEach(() => {
    for (const socket of openSockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await realtime.close();
    await test.close();
  });

  it('refuses a connection without a token', async () => {
    await expect(connectSocket(url)).rejects.toThrow(commonMessages.socketAuthRequired);
  });

  it('refuses a connection with a token that does not verify', async () => {
    await expect(connectSocket(url, { token: 'not-a-jwt' })).rejects.toThrow(
      commonMessages.socketAuthRequired,
    );
    const forged = signAccessToken(
      'another-secret-that-is-long-enough-to-sign',
      crypto.randomUUID(),
    );
    await expect(connectSocket(url, { token: forged })).rejects.toThrow(
      commonMessages.socketAuthRequired,
    );
  });

  it('refuses an inactive user and a user without two-factor setup', async () => {
    const inactive = await test.createUserWithToken({ status: 'inactive' });
    await expect(connectSocket(url, { token: inactive.token })).rejects.toThrow(
      commonMessages.socketAuthRequired,
    );
    const noTwoFactor = await test.createUserWithToken({ twoFactorEnabled: false });
    await expect(connectSocket(url, { token: noTwoFactor.token })).rejects.toThrow(
      commonMessages.socketAuthRequired,
    );
  });

  it('delivers clientAdded and licenceUpdated to a user holding clients.view, not to one without it', async () => {
    const permitted = await test.createUserWithToken({ role: 'sales' });
    const refused = await test.createUserWithToken({
      role: 'sales',
      customDenied: ['clients.view'],
    });
    const permittedSocket = await connect({ token: permitted.token });
    const refusedSocket = await connect({ token: refused.token });

    const client = sampleClient();
    const received = nextEvent(permittedSocket, 'clientAdded');
    const leaked = nextEvent(refusedSocket, 'clientAdded', 300);
    events.publish('clientAdded', client);
    expect(await received).toEqual(client);
    expect(await leaked).toBeUndefined();

    const licenceEvent = {
      action: 'bind' as const,
      licence: {
        key: 'K-1',
        bound: true,
        deviceId: 'MPDID-ABCDEF123456-Site',
        projectName: 'Site',
      },
      clientId: client.id,
    };
    const licenceReceived = nextEvent(permittedSocket, 'licenceUpdated');
    const licenceLeaked = nextEvent(refusedSocket, 'licenceUpdated', 300);
    events.publish('licenceUpdated', licenceEvent);
    expect(await licenceReceived).toEqual(licenceEvent);
    expect(await licenceLeaked).toBeUndefined();
  });

  it('delivers every event to a superadmin whatever the stored permissions say', async () => {
    const superadmin = await test.createUserWithToken({ role: 'superadmin', permissions: [] });
    const socket = await connect({ token: superadmin.token });
    const received = nextEvent(socket, 'clientDeleted');
    events.publish('clientDeleted', { companyId: 'ACME-01' });
    expect(await received).toEqual({ companyId: 'ACME-01' });
  });

  it('follows permission changes and disconnects a user who became inactive on revalidation', async () => {
    const changing = await test.createUserWithToken({ role: 'sales' });
    const socket = await connect({ token: changing.token });

    await test.database.db
      .update(users)
      .set({ customDenied: ['clients.view'] })
      .where(eq(users.id, changing.user.id));
    await realtime.revalidate();
    const leaked = nextEvent(socket, 'clientAdded', 300);
    events.publish('clientAdded', sampleClient());
    expect(await leaked).toBeUndefined();

    await test.database.db
      .update(users)
      .set({ customDenied: [] })
      .where(eq(users.id, changing.user.id));
    await realtime.revalidate();
    const received = nextEvent(socket, 'clientAdded');
    events.publish('clientAdded', sampleClient());
    expect(await received).toBeDefined();

    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await test.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, changing.user.id));
    await realtime.revalidate();
    expect(await disconnected).toBe('io server disconnect');
  });

  it('tells a user at once that their account changed, moving their sockets to the new rooms', async () => {
    const changing = await test.createUserWithToken({
      role: 'sales',
      customDenied: ['clients.view'],
    });
    const bystander = await test.createUserWithToken({ role: 'sales' });
    const socket = await connect({ token: changing.token });
    const bystanderSocket = await connect({ token: bystander.token });

    await test.database.db
      .update(users)
      .set({ customDenied: [] })
      .where(eq(users.id, changing.user.id));
    const told = nextEvent(socket, 'accountChanged');
    const notTold = nextEvent(bystanderSocket, 'accountChanged', 300);
    events.publish('accountChanged', { userId: changing.user.id });
    expect(await told).toEqual({ userId: changing.user.id });
    expect(await notTold).toBeUndefined();

    // No periodic re-check ran: the change itself moved the socket into the clients room.
    const received = nextEvent(socket, 'clientAdded');
    events.publish('clientAdded', sampleClient());
    expect(await received).toBeDefined();
  });

  it("disconnects on revalidation a socket opened before its user's sessions were ended", async () => {
    const { user, token: before } = await test.createUserWithToken({ role: 'sales' });
    const staleSocket = await connect({ token: before });
    // A password or two-factor reset ends the sessions through this same call.
    // What a password reset does to every session of the account.
    await test.database.db
      .update(users)
      .set({ sessionsValidAfter: new Date() })
      .where(eq(users.id, user.id));
    await untilNextSecond();
    const after = signAccessToken(test.ctx.config.jwtSecret, user.id);
    const freshSocket = await connect({ token: after });

    const disconnected = new Promise<string>((resolve) => staleSocket.once('disconnect', resolve));
    await realtime.revalidate();
    expect(await disconnected).toBe('io server disconnect');
    const received = nextEvent(freshSocket, 'clientAdded');
    events.publish('clientAdded', sampleClient());
    expect(await received).toBeDefined();
    expect(freshSocket.connected).toBe(true);
  });

  it('disconnects on revalidation a socket whose session was signed out', async () => {
    const account = await buildUserWithTwoFactor(test);
    const session = await signInWithTotp(test, account);
    const socket = await connect({ token: session.token });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await request(test.app)
      .post('/api/auth/logout')
      .send({ refreshToken: session.refreshToken })
      .expect(200);
    await realtime.revalidate();
    expect(await disconnected).toBe('io server disconnect');
  });
});
