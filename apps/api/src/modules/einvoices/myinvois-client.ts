import type { MyInvoisConfig } from '../../config-myinvois';
import type {
  MyInvoisDocumentDetails,
  MyInvoisSearchResponse,
  MyInvoisStandardError,
  MyInvoisSubmission,
  MyInvoisSubmissionItem,
  MyInvoisSubmitResponse,
  MyInvoisToken,
} from './myinvois-types';
import { createLocalTokenStore, type MyInvoisTokenStore } from './myinvois-token-store';

/** MyInvois answered with an error status (after any retries). */
export class MyInvoisHttpError extends Error {
  override readonly name = 'MyInvoisHttpError';
  constructor(
    readonly status: number,
    readonly error: MyInvoisStandardError | null,
    readonly retryAfterMs: number | null,
  ) {
    super(`MyInvois answered ${status}${error?.code ? ` (${error.code})` : ''}`);
  }
}

/**
 * No answer came (connection failed, timed out, or closed mid-answer), or a 5xx came to a
 * submission: MyInvois may or may not have taken the request.
 */
export class MyInvoisUncertainError extends Error {
  override readonly name = 'MyInvoisUncertainError';
}

export interface MyInvoisClientOptions {
  config: Pick<MyInvoisConfig, 'identityUrl' | 'apiUrl' | 'clientId' | 'clientSecret'>;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Tries of a call that meets 429 or 5xx (or, reading, no answer). */
  maxAttempts?: number;
  timeoutMs?: number;
  /** Where the token is kept: this process (default) or Redis, shared across WORKERS. */
  tokenStore?: MyInvoisTokenStore;
}

export type MyInvoisClient = ReturnType<typeof createMyInvoisClient>;

/** A token is renewed this long before it expires, so no call carries one that just ran out. */
export const tokenRenewalMarginMs = 5 * 60_000;
const backoffBaseMs = 1_000;
const backoffMaxMs = 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The MyInvois HTTP client of one API process. It logs in as the taxpayer system once and reuses
 * the token until shortly before it expires (one login an hour), logs in again once on a 401,
 * backs off with jitter on 429 and 5xx honouring Retry-After, and never repeats a submission whose
 * fate is unknown: that is the caller's to check (MyInvoisUncertainError).
 */
export function createMyInvoisClient(options: MyInvoisClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { config } = options;
  const store = options.tokenStore ?? createLocalTokenStore();
  let login: Promise<string> | null = null;
  let logins = 0;

  async function logIn(): Promise<string> {
    const body = new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'client_credentials',
      scope: 'InvoicingAPI',
    });
    const response = await send(`${config.identityUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    if (!response.ok) throw await httpError(response);
    const answer = (await response.json()) as MyInvoisToken;
    logins += 1;
    const lifetimeMs = answer.expires_in * 1000;
    const margin = Math.min(tokenRenewalMarginMs, lifetimeMs / 2);
    await store.write({ value: answer.access_token, renewAt: now() + lifetimeMs - margin }, now());
    return answer.access_token;
  }

  /** The stored token while it is good; else one login (across processes with Redis). */
  async function accessToken(): Promise<string> {
    const stored = await store.read(now());
    if (stored) return stored.value;
    login ??= store
      .exclusive(
        async () => (await store.read(now()))?.value ?? logIn(),
        async () => (await store.read(now()))?.value ?? null,
      )
      .finally(() => {
        login = null;
      });
    return login;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new MyInvoisUncertainError(`No answer from MyInvois: ${(error as Error).message}`);
    }
  }

  /**
   * An authenticated API call. `safeToRepeat`: a read or a state change MyInvois refuses twice,
   * repeated after 5xx or no answer; a submission is repeated only after a 429 (not taken).
   */
  async function call(
    method: string,
    path: string,
    body: unknown,
    safeToRepeat: boolean,
  ): Promise<Response> {
    let relogged = false;
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken();
      let response: Response;
      try {
        response = await send(`${config.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: 'application/json',
            'accept-language': 'en',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        if (!safeToRepeat || attempt >= maxAttempts) throw error;
        await sleep(backoff(attempt, null));
        continue;
      }
      if (response.status === 401 && !relogged) {
        relogged = true;
        await store.discard(bearer);
        attempt -= 1;
        continue;
      }
      const retryable = response.status === 429 || (response.status >= 500 && safeToRepeat);
      if (retryable && attempt < maxAttempts) {
        await sleep(backoff(attempt, retryAfterMs(response, now())));
        continue;
      }
      if (response.status >= 500 && !safeToRepeat) {
        throw new MyInvoisUncertainError(`MyInvois answered ${response.status} to a submission`);
      }
      return response;
    }
  }

  function backoff(attempt: number, retryAfter: number | null): number {
    const exponential = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
    const jitter = random() * backoffBaseMs;
    return Math.max(retryAfter ?? 0, exponential) + jitter;
  }

  async function json<T>(response: Response, ok: number[] = [200]): Promise<T> {
    if (!ok.includes(response.status)) throw await httpError(response);
    return (await response.json()) as T;
  }

  return {
    /** Logins this client made so far (one an hour when the token is reused). */
    logins: () => logins,
    /** POST /api/v1.0/documentsubmissions: 202 with accepted and rejected documents. */
    async submitDocuments(documents: MyInvoisSubmissionItem[]): Promise<MyInvoisSubmitResponse> {
      const response = await call('POST', '/api/v1.0/documentsubmissions', { documents }, false);
      return json<MyInvoisSubmitResponse>(response, [202, 200]);
    },
    async getSubmission(submissionUid: string, pageNo = 1): Promise<MyInvoisSubmission> {
      const path = `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}?pageNo=${pageNo}&pageSize=100`;
      return json<MyInvoisSubmission>(await call('GET', path, undefined, true));
    },
    async getDocumentDetails(uuid: string): Promise<MyInvoisDocumentDetails> {
      const path = `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`;
      return json<MyInvoisDocumentDetails>(await call('GET', path, undefined, true));
    },
    /** Documents sent from `from`, searched for our internal number. */
    async searchDocuments(
      searchQuery: string,
      from: Date,
      to: Date,
    ): Promise<MyInvoisSearchResponse> {
      const query = new URLSearchParams({
        searchQuery,
        submissionDateFrom: from.toISOString(),
        submissionDateTo: to.toISOString(),
        invoiceDirection: 'Sent',
        pageNo: '1',
        pageSize: '100',
      });
      return json(await call('GET', `/api/v1.0/documents/search?${query}`, undefined, true));
    },
    /** PUT /api/v1.0/documents/state/{uuid}/state with status "cancelled". */
    async cancelDocument(uuid: string, reason: string): Promise<{ uuid: string; status: string }> {
      const path = `/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`;
      return json(await call('PUT', path, { status: 'cancelled', reason }, true));
    },
    /** GET /api/v1.0/taxpayer/validate/{tin}: 200 known, 404 unknown. */
    async validateTaxpayerTin(tin: string, idType: string, idValue: string): Promise<boolean> {
      const query = new URLSearchParams({ idType, idValue });
      const path = `/api/v1.0/taxpayer/validate/${encodeURIComponent(tin)}?${query}`;
      const response = await call('GET', path, undefined, true);
      if (response.status === 404) return false;
      if (response.status === 200) return true;
      throw await httpError(response);
    },
  };
}

async function httpError(response: Response): Promise<MyInvoisHttpError> {
  let error: MyInvoisStandardError | null = null;
  try {
    const body = (await response.json()) as { error?: MyInvoisStandardError | string };
    error = typeof body.error === 'string' ? { code: body.error } : (body.error ?? null);
  } catch {
    error = null;
  }
  return new MyInvoisHttpError(response.status, error, retryAfterMs(response, Date.now()));
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(response: Response, now: number): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
