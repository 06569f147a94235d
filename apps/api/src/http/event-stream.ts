import type { Response } from 'express';

/** An open text/event-stream answer: one JSON `data:` message per `send`. */
export interface EventStream<Event> {
  send(event: Event): void;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
}

/**
 * Answers 200 with an event stream, runs `produce` with it and ends the answer when it is done.
 * `no-transform` keeps the compression middleware from holding messages back.
 */
export async function streamEvents<Event>(
  res: Response,
  produce: (stream: EventStream<Event>) => Promise<void>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  try {
    await produce({
      send: (event) => res.write(`data: ${JSON.stringify(event)}\n\n`),
      signal: gone.signal,
    });
  } finally {
    res.end();
  }
}
