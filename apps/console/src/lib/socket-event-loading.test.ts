import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session-storage';
import { RealtimeClient } from '@/lib/socket';
import {
  adoptClient,
  billingEvent,
  fakeSocketFactory,
  latestSocket,
  setUpRealtimeTest,
  storeToken,
} from '@/test/realtime-test-client';

setUpRealtimeTest();

/** A client as the console builds it: the event schemas load with the first event. */
function startLoadingClient(): { realtime: RealtimeClient; received: string[] } {
  const realtime = new RealtimeClient({
    getToken: sessionStore.getToken,
    subscribeToToken: sessionStore.subscribe,
    createSocket: fakeSocketFactory,
  });
  adoptClient(realtime);
  realtime.start();
  const received: string[] = [];
  realtime.on('billingUpdated', (event) => received.push(`billing ${event.id}`));
  realtime.on('clientDeleted', (event) => received.push(`deleted ${event.companyId}`));
  return { realtime, received };
}

describe('RealtimeClient event schemas loaded on the first event', () => {
  it('holds the events received while the schemas load, then delivers the valid ones in order', async () => {
    storeToken('token-a');
    const { received } = startLoadingClient();

    latestSocket().serverEmit('billingUpdated', billingEvent);
    latestSocket().serverEmit('billingUpdated', { ...billingEvent, entity: 'spaceship' });
    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-01' });
    expect(received).toEqual([]);

    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([`billing ${billingEvent.id}`, 'deleted ACME-01']);

    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-02' });
    expect(received.at(-1)).toBe('deleted ACME-02');
  });

  it('drops what a closed connection delivered before the schemas were in', async () => {
    storeToken('token-a');
    const { received } = startLoadingClient();

    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-01' });
    storeToken('token-b');
    latestSocket().serverEmit('clientDeleted', { companyId: 'ACME-02' });

    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received).toEqual(['deleted ACME-02']);
  });

  it('holds at most 200 events while the schemas load, giving up the oldest', async () => {
    storeToken('token-a');
    const { received } = startLoadingClient();

    for (let n = 1; n <= 205; n += 1) {
      latestSocket().serverEmit('clientDeleted', { companyId: `ACME-${n}` });
    }

    await vi.waitFor(() => expect(received).toHaveLength(200));
    expect(received[0]).toBe('deleted ACME-6');
    expect(received.at(-1)).toBe('deleted ACME-205');
  });
});
