import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import type { AppDb } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { conflict, invalid } from './app-error';

export const idempotencyMessages = {
  malformed: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  reused: 'This Idempotency-Key was already used for a different request',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please wait.',
} as const;

/** How long a key is remembered; after that it may be used again. */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** A claim still unanswered after this was cut off (a crashed process); the key is free again. */
const abandonedClaimMs = 60 * 1000;

const keyPattern = /^[\x21-\x7e]{1,255}$/;

/**
 * Makes a mutation safe to submit twice (a double click, a retry after a lost answer): a request
 * carrying an `Idempotency-Key` header is run once per user and key; a repeat gets the first
 * successful answer again, marked `Idempotent-Replayed: true`. Only successes are remembered, so a
 * refused request may be retried with the same key once its cause is fixed. Without the header the
 * request runs as usual. Runs after authentication and the guards, before the handler.
 */
export function idempotentReplay(db: AppDb): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('Idempotency-Key');
    if (key === undefined) return next();
    if (!keyPattern.test(key)) {
      throw invalid(idempotencyMessages.malformed, {
        'Idempotency-Key': idempotencyMessages.malformed,
      });
    }
    const userId = req.user!.id;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    const thisKey = and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key));
    const now = Date.now();
    await db
      .delete(idempotentRequests)
      .where(
        and(
          thisKey,
          or(
            lt(idempotentRequests.createdAt, new Date(now - idempotencyWindowMs)),
            and(
              isNull(idempotentRequests.status),
              lt(idempotentRequests.createdAt, new Date(now - abandonedClaimMs)),
            ),
          ),
        ),
      );
    const [claimed] = await db
      .insert(idempotentRequests)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (!claimed) {
      const [first] = await db.select().from(idempotentRequests).where(thisKey);
      if (first && first.fingerprint !== fingerprint) throw invalid(idempotencyMessages.reused);
      if (!first || first.status === null) throw conflict(idempotencyMessages.inFlight);
      res.set('Idempotent-Replayed', 'true').status(first.status).json(first.body);
      return;
    }

    // The answer is remembered (or the claim released) before it is sent, so a retry that
    // follows the answer always finds it.
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const remember =
        status >= 200 && status < 300
          ? db
              .update(idempotentRequests)
              .set({ status, body: body as Record<string, unknown> })
              .where(thisKey)
          : db.delete(idempotentRequests).where(thisKey);
      remember.then(
        () => send(body),
        (error: unknown) => {
          req.log?.warn({ err: error }, 'idempotent answer not remembered');
          send(body);
        },
      );
      return res;
    };
    next();
  };
}
