/**
 * The console's logger (spec 1 section 9): everything in development builds, errors only in
 * production, and in development a warning for any operation slower than 1,000 ms.
 */
export const slowOperationMs = 1_000;

type Sink = Pick<Console, 'debug' | 'info' | 'warn' | 'error'>;

export function createLogger(development: boolean, sink: Sink = console) {
  const prefix = '[console]';
  return {
    debug: (...details: unknown[]) => development && sink.debug(prefix, ...details),
    info: (...details: unknown[]) => development && sink.info(prefix, ...details),
    warn: (...details: unknown[]) => development && sink.warn(prefix, ...details),
    error: (...details: unknown[]) => sink.error(prefix, ...details),
    /** Notes how long `label` took; a slow one is a warning in development. */
    timing(label: string, elapsedMs: number) {
      if (!development) return;
      if (elapsedMs > slowOperationMs) {
        sink.warn(prefix, `Slow operation: ${label} took ${Math.round(elapsedMs)} ms`);
      } else {
        sink.debug(prefix, `${label} took ${Math.round(elapsedMs)} ms`);
      }
    },
  };
}

export type Logger = ReturnType<typeof createLogger>;

// Unit tests run as development; their output stays for the tests' own messages.
export const logger = createLogger(import.meta.env.DEV && import.meta.env.MODE !== 'test');
