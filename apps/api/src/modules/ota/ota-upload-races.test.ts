import { readdir } from 'node:fs/promises';
import { otaVersionResponseSchema } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, postApk, type TestContext } from '../../../test/builders';
import { apkDirectory } from './ota-files';

let t: TestContext;
let editor: string;

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
});
afterAll(() => t.close());

const upload = (apk: Buffer, version: string) => postApk(t, editor, apk, version);

const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

/**
 * Sends the uploads so that they race for real on PostgreSQL: the releases table is locked until
 * every one of them waits for it, so all pass the "not uploaded yet" checks before any inserts.
 * The embedded database runs one statement at a time; there the uploads are simply sent at once.
 */
async function racing(uploads: Array<() => request.Test>): Promise<request.Response[]> {
  if (t.ctx.database.dialect !== 'postgres') return Promise.all(uploads.map((send) => send()));
  let sent: Promise<request.Response[]> | undefined;
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ota_versions in access exclusive mode`);
    sent = Promise.all(uploads.map(async (send) => send()));
    for (let waited = 0; waited < 5_000; waited += 20) {
      // The activity view is read once per transaction unless its snapshot is dropped.
      await tx.execute(sql`select pg_stat_clear_snapshot()`);
      const { rows } = await tx.execute<{ waiting: number }>(
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting >= uploads.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return sent!;
}

describe('parallel uploads', () => {
  it('accepts one of five uploads of the same APK, and its file stays downloadable', async () => {
    const apk = await buildTestApk({ versionCode: 20, versionName: '2.0.0' });
    const responses = await racing(Array.from({ length: 5 }, () => () => upload(apk, '2.0.0')));
    expect(statuses(responses)).toEqual([201, 409, 409, 409, 409]);
    for (const lost of responses.filter((r) => r.status === 409)) {
      expect(lost.body.message).toMatch(
        /^(Version 2\.0\.0 has already been uploaded\.|The APK's version code 20 must be above the latest release's \(20\)\.)$/,
      );
    }
    const { version } = otaVersionResponseSchema.parse(
      responses.find((r) => r.status === 201)!.body,
    );
    const download = await request(t.app)
      .get(version.downloadUrl)
      .set(bearer(editor))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(download.body as Buffer, apk)).toBe(0);
    // The losers left nothing behind: one stored APK, no temporary file.
    expect(await readdir(apkDirectory(t.ctx.uploads))).toHaveLength(1);
  });

  it('accepts exactly one of five uploads that share a version code (409 for the others)', async () => {
    const apks = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        buildTestApk({ versionCode: 30, versionName: `3.0.${index}` }),
      ),
    );
    const responses = await racing(apks.map((apk, index) => () => upload(apk, `3.0.${index}`)));
    expect(statuses(responses)).toEqual([201, 409, 409, 409, 409]);
    for (const lost of responses.filter((r) => r.status === 409)) {
      expect(lost.body.message).toBe(
        "The APK's version code 30 must be above the latest release's (30).",
      );
    }
  });
});
