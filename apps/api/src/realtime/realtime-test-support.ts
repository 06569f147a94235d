import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client, ServerToClientEventName } from '@patrol/contracts';
import type { Application } from 'express';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';

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

/** A client payload as the clientAdded and clientUpdated events carry it. */
export function sampleClient(overrides: Partial<Client> = {}): Client {
  const now = new Date().toISOString();
  return {
    id: '00000000-0000-4000-8000-000000000001',
    companyId: 'ACME-01',
    companyName: 'Acme Security Sdn Bhd',
    contactPerson: 'Aisyah Rahman',
    email: 'aisyah@acme.example',
    phone: '+60 3-1234 5678',
    address: 'Jalan Ampang, Kuala Lumpur',
    active: true,
    createdAt: now,
    updatedAt: now,
    licences: [],
    ...overrides,
  };
}
