import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorEnvelope } from '@patrol/contracts';

/** How a device call ended. */
export type Answer<T> =
  | { kind: 'ok'; body: T }
  /** The server said no (4xx other than 429): trying again would not help. */
  | { kind: 'refused'; status: number; message: string }
  /** The network, a 429 or a 5xx: worth another try later. */
  | { kind: 'retry'; message: string }
  | { kind: 'aborted' };

export async function call<T>(
  url: string,
  path: string,
  signal: AbortSignal,
  request: { method: 'GET' | 'POST'; token?: string; body?: unknown },
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(new URL(path, url), {
      method: request.method,
      signal,
      headers: {
        'content-type': 'application/json',
        ...(request.token && { authorization: `Bearer ${request.token}` }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return { kind: 'ok', body: body as T };
  const message = (body as Partial<ErrorEnvelope> | undefined)?.message ?? response.statusText;
  if (response.status === 429 || response.status >= 500) {
    return { kind: 'retry', message: `${response.status} ${message}` };
  }
  return { kind: 'refused', status: response.status, message };
}

/** Waits `ms`; false when `signal` aborted first (or already had). */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
