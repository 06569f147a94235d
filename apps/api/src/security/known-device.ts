import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { deriveKey } from './secret-keys';

/** The cookie a browser gets when it completes a sign-in: "this device has signed in before". */
export const knownDeviceCookie = 'patrol_known_device';
const maxAgeMs = 180 * 24 * 60 * 60 * 1000;

function tokenFor(secret: string, email: string): Buffer {
  return createHmac('sha256', deriveKey(secret, 'known-device'))
    .update(email.trim().toLowerCase())
    .digest();
}

/**
 * Marks the browser as a known device of the account: an HttpOnly, same-site cookie read only by
 * the sign-in routes. It lets its owner sign in while strangers' failures slow the account down.
 */
export function rememberKnownDevice(req: Request, res: Response, secret: string, email: string) {
  res.cookie(knownDeviceCookie, tokenFor(secret, email).toString('base64url'), {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: '/api/auth',
    maxAge: maxAgeMs,
  });
}

/** True when the request carries the known-device cookie of this account. */
export function isKnownDevice(req: Request, secret: string, email: string): boolean {
  const presented = readCookie(req, knownDeviceCookie);
  if (!presented) return false;
  const expected = tokenFor(secret, email);
  const given = Buffer.from(presented, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
