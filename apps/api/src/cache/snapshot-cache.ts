/** A value computed by an expensive query, served from memory and refreshed when read. */
export interface SnapshotCache<T> {
  /**
   * The snapshot. The first read waits for it, and so does the first read after a change that
   * readers must see (`invalidate({ readersWait: true })`). Otherwise the held snapshot is
   * answered at once; one that is out of date (older than the time-to-live, or changed) starts a
   * refresh behind the reader.
   */
  read(): Promise<T>;
  /**
   * Something the snapshot counts has changed; nothing runs until someone reads. With
   * `readersWait`, the next read waits for a snapshot computed after the change (a screen that
   * has just made it must show it); without, it keeps the held one while a refresh runs.
   */
  invalidate(options?: { readersWait?: boolean }): void;
}

export interface SnapshotCacheOptions {
  /** How long a snapshot is served before a read starts a refresh; 0 computes on every read. */
  ttlMs: number;
  /** However many changes arrive, the query runs at most once per this interval. */
  minIntervalMs?: number;
  /** Hears a failed refresh (the held snapshot keeps being served). */
  onError?: (error: unknown) => void;
  now?: () => number;
  /** Waits `ms` (tests pass a fake clock's). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stale-while-revalidate that computes only for readers: however often the data changes, the
 * query runs at most once per `minIntervalMs`, and never while nobody looks.
 */
export function createSnapshotCache<T>(
  compute: () => Promise<T>,
  options: SnapshotCacheOptions,
): SnapshotCache<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const minIntervalMs = options.minIntervalMs ?? 0;
  let held: { value: T; startedAt: number } | undefined;
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  let changed: 'none' | 'lazy' | 'wait' = 'none';
  let running: Promise<T> | undefined;
  /** The refresh owed to a change readers must see, while it is pending or running. */
  let afterChange: Promise<T> | undefined;

  const refresh = (): Promise<T> => {
    if (running) return running;
    const startedAt = now();
    lastStartedAt = startedAt;
    changed = 'none';
    running = compute()
      .then((value) => {
        held = { value, startedAt };
        return value;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  /** A refresh that starts after every change seen so far, no sooner than the interval allows. */
  const refreshAfterChange = async (): Promise<T> => {
    if (running) await running.catch(() => undefined);
    const wait = lastStartedAt + minIntervalMs - now();
    if (wait > 0) await sleep(wait);
    return running ?? refresh();
  };

  const inBackground = (refreshing: Promise<T>) => {
    refreshing.catch((error: unknown) => options.onError?.(error));
  };

  return {
    async read() {
      if (!held || options.ttlMs === 0) return refresh();
      const heldValue = held.value;
      if (changed === 'wait' && !afterChange) {
        afterChange = refreshAfterChange().finally(() => {
          afterChange = undefined;
        });
      }
      if (afterChange) {
        return afterChange.catch((error: unknown) => {
          options.onError?.(error);
          return heldValue;
        });
      }
      const outOfDate = changed === 'lazy' || now() - held.startedAt >= options.ttlMs;
      if (outOfDate && !running && now() - lastStartedAt >= minIntervalMs) inBackground(refresh());
      return heldValue;
    },
    invalidate({ readersWait = false } = {}) {
      if (readersWait) changed = 'wait';
      else if (changed === 'none') changed = 'lazy';
    },
  };
}
