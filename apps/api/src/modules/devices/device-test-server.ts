import type { Server as HttpServer } from 'node:http';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { listenOnFreePort } from '../../realtime/realtime-test-support';
import type { PublishedEvent } from '../activity/event-bus';

/** A real API on a loopback port with the client, licence and device routes, for device tools. */
export interface DeviceTestServer {
  test: TestContext;
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  /** Every event published so far, oldest first. */
  published: PublishedEvent[];
  close(): Promise<void>;
}

/** Starts the API on a fresh database (the device simulator's tests drive it over HTTP). */
export async function startDeviceTestServer(): Promise<DeviceTestServer> {
  const test = await createTestContext();
  const published: PublishedEvent[] = [];
  test.ctx.events.subscribe((event) => published.push(event));
  const { server, url }: { server: HttpServer; url: string } = await listenOnFreePort(test.app);
  return {
    test,
    url,
    published,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
    },
  };
}
