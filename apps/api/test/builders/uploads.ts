import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import request from 'supertest';
import { createLogger } from '../../src/http/logger';
import type { TestContext } from '../test-context';
import { bearer } from '../test-context';

/** POST /api/ota/upload of `apk` as `version` (not awaited: the caller chooses when it is sent). */
export function postApk(t: TestContext, token: string, apk: Buffer, version: string) {
  return request(t.app)
    .post('/api/ota/upload')
    .set(bearer(token))
    .field('version', version)
    .attach('apk', apk, 'patrol.apk');
}

/** A logger at debug whose JSON lines are kept in `lines`, for tests that read the log. */
export function captureLogs(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'debug' }, destination), lines };
}
