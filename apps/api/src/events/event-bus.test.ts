import { describe, expect, it } from 'vitest';
import { createEventBus, type PublishedEvent } from './event-bus';

describe('createEventBus', () => {
  it('delivers each published event to every subscriber until it unsubscribes', () => {
    const bus = createEventBus();
    const first: PublishedEvent[] = [];
    const second: PublishedEvent[] = [];
    const unsubscribe = bus.subscribe((event) => first.push(event));
    bus.subscribe((event) => second.push(event));

    bus.publish('clientDeleted', { companyId: 'ACME' });
    unsubscribe();
    bus.publish('clientDeleted', { companyId: 'BETA' });

    expect(first).toEqual([{ event: 'clientDeleted', payload: { companyId: 'ACME' } }]);
    expect(second.map((event) => event.payload)).toEqual([
      { companyId: 'ACME' },
      { companyId: 'BETA' },
    ]);
  });

  it('reports a throwing listener without failing the publisher or the other listeners', () => {
    const failures: unknown[] = [];
    const bus = createEventBus((error) => failures.push(error));
    const received: PublishedEvent[] = [];
    bus.subscribe(() => {
      throw new Error('socket gone');
    });
    bus.subscribe((event) => received.push(event));

    expect(() => bus.publish('clientDeleted', { companyId: 'ACME' })).not.toThrow();
    expect(received).toHaveLength(1);
    expect(failures).toEqual([new Error('socket gone')]);
  });
});
