/** Collects writes in memory and hands them to `flush` in one batch every interval. */
export interface WriteBuffer<T> {
  /** Queues `entry` under `key`; a later entry for the same key replaces it (last write wins). */
  add(key: string, entry: T): void;
  /** The entry queued under `key`, if any. */
  peek(key: string): T | undefined;
  /** Entries waiting for the next flush. */
  readonly size: number;
  /** Flushes what is queued now; resolves when it is written (or has failed and been re-queued). */
  flush(): Promise<void>;
  /** Stops the timer and flushes what is left; safe to call twice. */
  close(): Promise<void>;
}

export interface WriteBufferOptions<T> {
  intervalMs: number;
  /** Writes one batch. A rejection re-queues the batch (newer entries win) for the next flush. */
  flush: (entries: Map<string, T>) => Promise<void>;
  onError?: (error: unknown, batchSize: number) => void;
}

/**
 * Write-behind for frequent, idempotent updates (device heartbeats): at most one flush runs at a
 * time, and a crash loses at most one interval of entries.
 */
export function createWriteBuffer<T>(options: WriteBufferOptions<T>): WriteBuffer<T> {
  let pending = new Map<string, T>();
  let flushing: Promise<void> | undefined;
  let closed: Promise<void> | undefined;

  const flushOnce = async (): Promise<void> => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await options.flush(batch);
    } catch (error) {
      options.onError?.(error, batch.size);
      for (const [key, entry] of batch) if (!pending.has(key)) pending.set(key, entry);
    }
  };

  const flush = async (): Promise<void> => {
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => {
      flushing = undefined;
    });
    await flushing;
  };

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    add(key, entry) {
      pending.set(key, entry);
    },
    peek(key) {
      return pending.get(key);
    },
    get size() {
      return pending.size;
    },
    flush,
    close: () =>
      (closed ??= (async () => {
        clearInterval(timer);
        await flush();
      })()),
  };
}
