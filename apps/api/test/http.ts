import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerToClientEventName } from '@patrol/contracts';
import type { Application } from 'express';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { createTestContext, type TestContext, type TestContextOptions } from './test-context';

/** A loopback port free right now (for a process the test starts itself). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `app` on a free loopback port; answers the server and its base URL. */
export async function listenOnFreePort(
  app: Application,
): Promise<{ server: HttpServer; url: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * Opens a console-like socket (websocket transport, no automatic reconnect). Resolves once
 * connected; rejects with the server's connect_error.
 */
export function connectSocket(url: string, auth?: Record<string, unknown>): Promise<ClientSocket> {
  const socket = connectClient(url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the first payload of `event`, or undefined when none arrives within `timeoutMs`. */
export function nextEvent(
  socket: ClientSocket,
  event: ServerToClientEventName,
  timeoutMs = 1_000,
): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      resolve(undefined);
    }, timeoutMs);
    const onEvent = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/** A real API on a loopback port (socket and device tests, the device simulator's tests). */
export interface TestServer {
  test: TestContext;
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  server: HttpServer;
  close(): Promise<void>;
}

/** Starts the whole API on a fresh database, listening on a free port. */
export async function startTestServer(options: TestContextOptions = {}): Promise<TestServer> {
  const test = await createTestContext(options);
  const { server, url } = await listenOnFreePort(test.app);
  return {
    test,
    url,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
    },
  };
}
