import type { Request } from 'express';

/**
 * Where a request came from: the client address (behind a trusted proxy, the forwarded one), which
 * rate limits count, and the request id, which the audit trail records beside an action taken
 * before anyone is signed in (a sign-in, a password reset, a device activating its licence).
 */
export interface RequestOrigin {
  address: string;
  requestId: string;
}

export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

export function requestOrigin(req: Request): RequestOrigin {
  return { address: clientAddress(req), requestId: String(req.id) };
}
