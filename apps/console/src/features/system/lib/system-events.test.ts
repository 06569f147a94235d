import { describe, expect, it } from 'vitest';
import {
  addSystemEvent,
  alertEvent,
  failureEvent,
  mergeSystemEvents,
  systemLoadFailedMessage,
} from '@/features/system/lib/system-events';

const alert = (id: string, minute: number) => ({
  id,
  severity: 'medium' as const,
  source: 'cpu' as const,
  message: `alert ${id}`,
  timestamp: new Date(Date.UTC(2026, 2, 2, 6, minute)).toISOString(),
  state: 'raised' as const,
  worker: 'api-1:1',
});

describe('recent system events', () => {
  it('keeps 5, newest first, each once', () => {
    let events = [1, 2, 3, 4, 5, 6].reduce(
      (list, minute) => addSystemEvent(list, alertEvent(alert(`a${minute}`, minute))),
      [] as ReturnType<typeof addSystemEvent>,
    );
    events = addSystemEvent(events, alertEvent(alert('a6', 6)));
    expect(events.map((event) => event.message)).toEqual([
      'alert a6',
      'alert a5',
      'alert a4',
      'alert a3',
      'alert a2',
    ]);
  });

  it("makes failures within 10 s one 'Failed to load system data' event naming each reason", () => {
    const at = new Date('2026-03-02T06:00:00.000Z');
    let events = addSystemEvent([], failureEvent('Database unavailable', at));
    events = addSystemEvent(events, failureEvent('Rate limited', new Date(at.getTime() + 200)));
    events = addSystemEvent(
      events,
      failureEvent('Database unavailable', new Date(at.getTime() + 400)),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      message: systemLoadFailedMessage,
      detail: 'Database unavailable; Rate limited',
    });
    events = addSystemEvent(events, failureEvent('Network error', new Date(at.getTime() + 20_000)));
    expect(events).toHaveLength(2);
  });

  it("merges the server's remembered alerts with the browser's, each once", () => {
    const local = [alertEvent(alert('a2', 2)), failureEvent('x', new Date('2026-03-02T06:03:00Z'))];
    const merged = mergeSystemEvents(local, [alert('a2', 2), alert('a1', 1)]);
    expect(merged.map((event) => event.message)).toEqual([
      systemLoadFailedMessage,
      'alert a2',
      'alert a1',
    ]);
  });
});
