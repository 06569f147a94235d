import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import {
  crashMappingMessages,
  crashMappingResponseSchema,
  listOtaVersionsResponseSchema,
  otaVersionResponseSchema,
} from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  patrolMapping,
  postApk,
  type TestContext,
} from '../../../test/builders';
import { binaryBody } from '../../../test/pdf-text';
import { mappingDirectory } from '../crash-reports/crash-mappings.service';

let t: TestContext;
let editor: string;
let viewer: string;
let sales: string;
let nextCode = 400;

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  viewer = await t.signIn('Admin', { customDenied: ['ota.upload', 'ota.activate'] });
  sales = await t.signIn('sales');
});
afterAll(() => t.close());

const mapping = Buffer.from(patrolMapping);
const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const storedMappings = async () =>
  (await readdir(mappingDirectory(t.ctx.uploads)).catch(() => [] as string[])).sort();

async function uploadedRelease() {
  nextCode += 1;
  const versionName = `5.${nextCode}.0`;
  const apk = await buildTestApk({ versionCode: nextCode, versionName });
  const response = await postApk(t, editor, apk, versionName).expect(201);
  return otaVersionResponseSchema.parse(response.body).version;
}

function postMapping(id: string, file: Buffer, token = editor, field = 'mapping') {
  return request(t.app)
    .post(`/api/ota/versions/${id}/mapping`)
    .set(bearer(token))
    .attach(field, file, 'mapping.txt');
}

describe('POST /api/ota/versions/{id}/mapping', () => {
  it('stores the mapping with its SHA-256 and class count, listed on the version', async () => {
    const release = await uploadedRelease();
    const response = await postMapping(release.id, mapping).expect(201);
    const body = crashMappingResponseSchema.parse(response.body);
    expect(body.message).toBe(`Mapping for version ${release.version} uploaded successfully`);
    expect(body.mapping).toMatchObject({
      fileSize: mapping.length,
      checksum: sha256(mapping),
      classCount: 4,
      downloadUrl: `/api/ota/versions/${release.id}/mapping`,
      retracedAt: null,
    });

    const list = await request(t.app)
      .get('/api/ota/versions?includeInactive=true')
      .set(bearer(viewer))
      .expect(200);
    const listed = listOtaVersionsResponseSchema.parse(list.body).versions;
    expect(listed.find((version) => version.id === release.id)?.mapping).toEqual(body.mapping);
    expect(listed.find((version) => version.id !== release.id)?.mapping ?? null).toBeNull();
  });

  it('replaces an earlier mapping and leaves one file on disk', async () => {
    const release = await uploadedRelease();
    const before = await storedMappings();
    await postMapping(release.id, mapping).expect(201);
    const replacement = Buffer.from(`${patrolMapping}com.patrol.app.Extra -> a.e:\n`);
    const response = await postMapping(release.id, replacement).expect(201);
    expect(crashMappingResponseSchema.parse(response.body).mapping).toMatchObject({
      checksum: sha256(replacement),
      classCount: 5,
    });
    expect((await storedMappings()).length).toBe(before.length + 1);
  });

  it('refuses a file that is not a mapping, naming the line, and keeps nothing (400)', async () => {
    const release = await uploadedRelease();
    const before = await storedMappings();
    const response = await postMapping(
      release.id,
      Buffer.from('com.patrol.A -> a.a:\n    void run() -> a\n<html>not a mapping</html>\n'),
    ).expect(400);
    const message = crashMappingMessages.notAMapping(
      'line 3 ("<html>not a mapping</html>") is not a class, member or comment line',
    );
    expect(response.body).toMatchObject({ success: false, message, errors: { mapping: message } });
    expect(await storedMappings()).toEqual(before);
  });

  it('refuses a file that maps no class, and a request without the file (400)', async () => {
    const release = await uploadedRelease();
    const empty = await postMapping(release.id, Buffer.from('# compiler: R8\n\n')).expect(400);
    expect(empty.body.message).toBe(crashMappingMessages.noClasses);
    const missing = await postMapping(release.id, mapping, editor, 'file').expect(400);
    expect(missing.body.message).toBe(crashMappingMessages.fileRequired);
  });

  it('refuses staff without ota.upload or ota.activate (403) and an unknown version (404)', async () => {
    const release = await uploadedRelease();
    await postMapping(release.id, mapping, viewer).expect(403);
    const unknown = await postMapping('00000000-0000-4000-8000-000000000000', mapping).expect(404);
    expect(unknown.body.message).toBe('Version not found');
  });
});

describe('GET and DELETE /api/ota/versions/{id}/mapping', () => {
  it('streams the mapping back with its checksum, then deletes it and its file', async () => {
    const release = await uploadedRelease();
    await postMapping(release.id, mapping).expect(201);
    const before = await storedMappings();

    const download = await binaryBody(
      request(t.app).get(`/api/ota/versions/${release.id}/mapping`).set(bearer(viewer)),
    ).expect(200);
    expect(Buffer.compare(download.body as Buffer, mapping)).toBe(0);
    expect(download.headers['x-checksum-sha256']).toBe(sha256(mapping));

    const deleted = await request(t.app)
      .delete(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(editor))
      .expect(200);
    expect(deleted.body).toEqual({ success: true, message: crashMappingMessages.deleted });
    expect((await storedMappings()).length).toBe(before.length - 1);
    const gone = await request(t.app)
      .get(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(viewer))
      .expect(404);
    expect(gone.body.message).toBe(crashMappingMessages.notFound);
    await request(t.app)
      .delete(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(editor))
      .expect(404);
  });

  it('refuses a download without ota.view and a delete without ota.upload or ota.activate (403)', async () => {
    const release = await uploadedRelease();
    await postMapping(release.id, mapping).expect(201);
    await request(t.app)
      .get(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(sales))
      .expect(403);
    await request(t.app)
      .delete(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(viewer))
      .expect(403);
  });

  it('answers 404 for a version that does not exist', async () => {
    await request(t.app)
      .get('/api/ota/versions/00000000-0000-4000-8000-000000000000/mapping')
      .set(bearer(viewer))
      .expect(404);
  });

  it('deletes the mapping file with its version', async () => {
    const release = await uploadedRelease();
    await postMapping(release.id, mapping).expect(201);
    const before = await storedMappings();
    await request(t.app).delete(`/api/ota/versions/${release.id}`).set(bearer(editor)).expect(200);
    expect((await storedMappings()).length).toBe(before.length - 1);
  });
});
