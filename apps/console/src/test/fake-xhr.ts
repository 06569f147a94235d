import { vi } from 'vitest';

type Handler = (() => void) | null;

/** Stands in for XMLHttpRequest: records what was sent and lets the test play the server. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = '';
  sent = false;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The server answers with a JSON body. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  /** The connection fails before an answer. */
  failNetwork(): void {
    this.onerror?.();
  }

  /** The request outlives its timeout. */
  timeOut(): void {
    this.ontimeout?.();
  }

  /** A field of the multipart body sent. */
  field(name: string): FormDataEntryValue | null {
    return this.body instanceof FormData ? this.body.get(name) : null;
  }
}

/**
 * Replaces XMLHttpRequest for this test; returns every request opened, oldest first (libraries
 * such as socket.io's client create one just to probe what the browser supports).
 */
export function stubXhr(): FakeXhr[] {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    override open(method: string, url: string): void {
      super.open(method, url);
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return requests;
}
