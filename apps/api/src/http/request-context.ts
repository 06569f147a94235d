import { AsyncLocalStorage } from 'node:async_hooks';

/** What a change made during an HTTP request records about that request. */
export interface RequestContext {
  /** The request's x-request-id (http/logger.ts). */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs a route handler with its request's context, so the audit trail can name the request of a
 * change without every service passing it along. Only changing methods pay for it.
 */
export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

/** The context of the HTTP request being handled; undefined outside one (CLI, jobs, reads). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
