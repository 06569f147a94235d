import { commonMessages } from '@patrol/contracts';
import { ApiError, apiBase, retryAfterUnauthorized, toApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-storage';

export type UploadOptions = {
  /** The multipart body; the browser sets the boundary. */
  form: FormData;
  /** Called with 0 to 100 as the body goes out (and with 0 again if the call is re-sent). */
  onProgress?: (percent: number) => void;
  /** The whole upload fails with a TIMEOUT ApiError after this long; no limit when unset. */
  timeoutMs?: number;
  /** Aborting rejects with the signal's reason and stops the transfer. */
  signal?: AbortSignal;
};

type RawAnswer = { status: number; body: string };

function sendOnce(path: string, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (options.timeoutMs) request.timeout = options.timeoutMs;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    request.onload = () => {
      settle();
      resolve({ status: request.status, body: request.responseText });
    };
    request.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK_ERROR', commonMessages.network));
    };
    request.ontimeout = () => {
      settle();
      reject(new ApiError(0, 'TIMEOUT', commonMessages.network));
    };
    request.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    };
    options.onProgress?.(0);
    request.send(options.form);
  });
}

/**
 * POSTs a multipart form through XMLHttpRequest rather than fetch, because only it reports upload
 * progress. Answers like apiRequest: the parsed body, or an ApiError from the error envelope; a
 * 401 goes through the token refresh and the form is sent once more with the new token.
 */
export async function uploadWithProgress<T>(path: string, options: UploadOptions): Promise<T> {
  const sentToken = sessionStore.getToken();
  let answer = await sendOnce(path, options);
  if (answer.status === 401 && (await retryAfterUnauthorized(path, sentToken))) {
    answer = await sendOnce(path, options);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw await toApiError(new Response(answer.body, { status: answer.status }));
  }
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    throw new ApiError(answer.status, 'INVALID_RESPONSE', commonMessages.serverError);
  }
}
