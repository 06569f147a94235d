import { useCallback, useRef, useState } from 'react';

/**
 * Stops a duplicate submission of the same action on the same row (spec 3 section 4): while
 * `run('convert:' + id, ...)` is under way, another run with that key is ignored, and
 * `isRunning(key)` lets the button show it is busy.
 */
export function useActionGuard() {
  const running = useRef(new Set<string>());
  const [, rerender] = useState(0);

  const run = useCallback(async (key: string, action: () => Promise<void>) => {
    if (running.current.has(key)) return;
    running.current.add(key);
    rerender((count) => count + 1);
    try {
      await action();
    } finally {
      running.current.delete(key);
      rerender((count) => count + 1);
    }
  }, []);

  const isRunning = useCallback((key: string) => running.current.has(key), []);
  return { run, isRunning };
}
