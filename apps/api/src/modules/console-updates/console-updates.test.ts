import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  dashboardDownloadEventSchema,
  dashboardUpdateCheckResponseSchema,
  type DashboardDownloadEvent,
} from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  writeConsoleBuild,
  type TestContext,
} from '../../../test/builders';
import { auditLog } from '../../db/schema';

let t: TestContext;
let editor: string;
let viewer: string;
let sales: string;
let dist: string;

beforeAll(async () => {
  t = await createTestContext();
  dist = t.ctx.config.consoleDist;
  editor = await t.signIn('Admin');
  viewer = await t.signIn('Admin', { customDenied: ['settings.edit'] });
  sales = await t.signIn('sales');
});
afterAll(() => t.close());
// Each test starts with no console build served and the stable channel.
beforeEach(async () => {
  await rm(dist, { recursive: true, force: true });
  await request(t.app)
    .post('/api/ota/dashboard/channel')
    .set(bearer(editor))
    .send({ channel: 'stable' });
});

const check = (current: string, token = viewer) =>
  request(t.app).get('/api/ota/dashboard/check').query({ current }).set(bearer(token));

/** The download as raw text: an event stream, or the JSON error answered before it. */
function download(current: string | undefined, token = viewer) {
  return request(t.app)
    .get('/api/ota/dashboard/download')
    .query(current === undefined ? {} : { current })
    .set(bearer(token))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
}

function eventsOf(text: string): DashboardDownloadEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => dashboardDownloadEventSchema.parse(JSON.parse(block.slice('data: '.length))));
}

describe('GET /api/ota/dashboard/check', () => {
  it('reports a newer served build with its size read from the files, notes and channel', async () => {
    const { info, files } = await writeConsoleBuild(dist, { version: '8.3.0' });
    const response = await check('old-build').query({ version: '8.2.0' }).expect(200);
    const body = dashboardUpdateCheckResponseSchema.parse(response.body);
    const bytes = [...files.values()].reduce((sum, file) => sum + file.length, 0);
    expect(body).toEqual({
      success: true,
      currentVersion: '8.2.0',
      latestVersion: '8.3.0',
      hasUpdate: true,
      updateSize: bytes,
      releaseNotes: 'Update notices in the header',
      channel: 'stable',
      currentBuild: 'old-build',
      latestBuild: info.buildId,
      builtAt: info.builtAt,
    });
  });

  it('reports no update for the build loaded, or while no build is served', async () => {
    const none = (await check('dev-build').expect(200)).body;
    expect(none).toMatchObject({
      hasUpdate: false,
      updateSize: 0,
      latestBuild: null,
      currentVersion: 'dev-build',
      latestVersion: 'dev-build',
    });
    const { info } = await writeConsoleBuild(dist);
    const same = (await check(info.buildId).expect(200)).body;
    expect(same).toMatchObject({ hasUpdate: false, updateSize: 0, latestBuild: info.buildId });
  });

  it('offers no update while a file of the new build is missing (a deploy still copying)', async () => {
    const { info } = await writeConsoleBuild(dist);
    await rm(join(dist, info.assets[1]!.path));
    expect((await check('old-build').expect(200)).body).toMatchObject({ hasUpdate: false });
  });

  it('offers a beta build only once the installation is on the beta channel', async () => {
    await writeConsoleBuild(dist, { version: '9.0.0-beta.1', channel: 'beta' });
    expect((await check('old-build').expect(200)).body).toMatchObject({
      hasUpdate: false,
      channel: 'stable',
    });
    await request(t.app)
      .post('/api/ota/dashboard/channel')
      .set(bearer(editor))
      .send({ channel: 'beta' })
      .expect(200);
    expect((await check('old-build').expect(200)).body).toMatchObject({
      hasUpdate: true,
      channel: 'beta',
      latestVersion: '9.0.0-beta.1',
    });
  });

  it('takes an unreadable build-info.json for no build', async () => {
    await writeConsoleBuild(dist);
    await writeFile(join(dist, 'build-info.json'), '{ not json');
    expect((await check('old-build').expect(200)).body).toMatchObject({
      hasUpdate: false,
      latestBuild: null,
    });
  });

  it('asks for the loaded build (400), a session (401) and settings.view (403)', async () => {
    const missing = await request(t.app)
      .get('/api/ota/dashboard/check')
      .set(bearer(viewer))
      .expect(400);
    expect(missing.body.errors).toEqual({
      current: 'Send the build id of the console that is loaded',
    });
    await check('../../etc').expect(400);
    await request(t.app).get('/api/ota/dashboard/check?current=a').expect(401);
    await check('old-build', sales).expect(403);
  });
});

describe('GET /api/ota/dashboard/download', () => {
  it('streams real progress while it verifies every file, then the files to fetch', async () => {
    const { info } = await writeConsoleBuild(dist);
    const response = await download('old-build').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    // Never compressed: a compressor would hold the messages back until the end.
    expect(response.headers['content-encoding']).toBeUndefined();
    const events = eventsOf(response.body as string);
    const progress = events.flatMap((event) => (event.type === 'progress' ? [event] : []));
    // 244 kB read in 64 kB chunks: several steps, rising to 100.
    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.map((event) => event.progress)).toEqual(
      [...progress.map((event) => event.progress)].sort((a, b) => a - b),
    );
    expect(progress.at(-1)).toMatchObject({ progress: 100, loaded: 244_000, total: 244_000 });
    expect(events.at(-1)).toEqual({
      type: 'complete',
      build: info.buildId,
      version: info.version,
      assets: info.assets.map((asset) => ({
        url: `/${asset.path}`,
        size: asset.size,
        integrity: asset.integrity,
      })),
    });
  });

  it('ends with an error naming a missing file', async () => {
    const { info } = await writeConsoleBuild(dist);
    await rm(join(dist, info.assets[2]!.path));
    const events = eventsOf((await download('old-build').expect(200)).body as string);
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: `The new console build is incomplete: ${info.assets[2]!.path} is missing.`,
    });
    expect(events.some((event) => event.type === 'complete')).toBe(false);
  });

  it('ends with an error naming a file that fails its checksum', async () => {
    const { info, files } = await writeConsoleBuild(dist);
    const damaged = Buffer.from(files.get(info.assets[1]!.path)!);
    damaged[10] = (damaged[10]! + 1) % 256;
    await writeFile(join(dist, info.assets[1]!.path), damaged);
    const events = eventsOf((await download('old-build').expect(200)).body as string);
    expect(events.filter((event) => event.type === 'progress').length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: `The new console build is damaged: ${info.assets[1]!.path} fails its checksum.`,
    });
  });

  it('refuses before the stream when no build is served or it is the one loaded (409)', async () => {
    const none = await download('old-build').expect(409);
    expect(JSON.parse(none.body as string).message).toBe(
      'This server does not serve a console build, so there is no update to apply.',
    );
    const { info } = await writeConsoleBuild(dist);
    const same = await download(info.buildId).expect(409);
    expect(JSON.parse(same.body as string).message).toBe(
      'The console loaded is already the latest build: there is nothing to apply.',
    );
  });

  it('asks for the loaded build (400), a session (401) and settings.view (403)', async () => {
    await writeConsoleBuild(dist);
    await download(undefined).expect(400);
    await request(t.app).get('/api/ota/dashboard/download?current=a').expect(401);
    await download('old-build', sales).expect(403);
  });
});

describe('POST /api/ota/dashboard/apply', () => {
  const apply = (body: object, token = editor) =>
    request(t.app).post('/api/ota/dashboard/apply').set(bearer(token)).send(body);

  it('answers ready when the downloaded build is still the one served, whole', async () => {
    const { info } = await writeConsoleBuild(dist, { version: '8.4.0' });
    const response = await apply({ current: 'old-build', build: info.buildId }).expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Console 8.4.0 is ready: the page reloads in 3 seconds.',
      ready: true,
      version: '8.4.0',
      build: info.buildId,
    });
  });

  it('refuses with 409 when there is nothing to apply or the build is missing or replaced', async () => {
    const missing = await apply({ current: 'old-build', build: 'new-build' }).expect(409);
    expect(missing.body.message).toMatch(/does not serve a console build/);
    const { info } = await writeConsoleBuild(dist);
    const nothing = await apply({ current: info.buildId, build: info.buildId }).expect(409);
    expect(nothing.body.message).toMatch(/nothing to apply/);
    const replaced = await apply({ current: 'old-build', build: 'an-older-download' }).expect(409);
    expect(replaced.body.message).toMatch(/newer console build was published/);
    await rm(join(dist, info.assets[0]!.path));
    const incomplete = await apply({ current: 'old-build', build: info.buildId }).expect(409);
    expect(incomplete.body.message).toBe(
      `The new console build is incomplete: ${info.assets[0]!.path} is missing.`,
    );
  });

  it('asks for both builds (400), a session (401) and settings.edit (403)', async () => {
    const { info } = await writeConsoleBuild(dist);
    const invalid = await apply({ current: 'old-build' }).expect(400);
    expect(invalid.body.errors).toHaveProperty('build');
    await request(t.app).post('/api/ota/dashboard/apply').send({}).expect(401);
    await apply({ current: 'old-build', build: info.buildId }, viewer).expect(403);
  });
});

describe('POST /api/ota/dashboard/channel', () => {
  it('stores the installation channel, audited, and the check reports it', async () => {
    const response = await request(t.app)
      .post('/api/ota/dashboard/channel')
      .set(bearer(editor))
      .send({ channel: 'beta' })
      .expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Update channel set to beta',
      channel: 'beta',
    });
    expect((await check('any').expect(200)).body.channel).toBe('beta');
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'settings.update_channel_changed'),
          eq(auditLog.entityId, 'console-update-channel'),
        ),
      );
    expect(audited.at(-1)?.changes).toEqual({ channel: { before: 'stable', after: 'beta' } });
  });

  it('refuses another channel (400), without a session (401) or settings.edit (403)', async () => {
    const invalid = await request(t.app)
      .post('/api/ota/dashboard/channel')
      .set(bearer(editor))
      .send({ channel: 'nightly' })
      .expect(400);
    expect(invalid.body.errors).toHaveProperty('channel');
    await request(t.app).post('/api/ota/dashboard/channel').send({ channel: 'beta' }).expect(401);
    await request(t.app)
      .post('/api/ota/dashboard/channel')
      .set(bearer(viewer))
      .send({ channel: 'beta' })
      .expect(403);
  });
});
