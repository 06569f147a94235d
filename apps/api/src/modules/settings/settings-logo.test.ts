import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { logoMaxBytes } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestContext, auditEntriesOf, createTestContext } from '../../../test/builders';

// A real 1x1 PNG and a 1x1 GIF.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let t: TestContext;
let adminToken: string;
let salesToken: string;
let uploads: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = (await t.createUserWithToken({ role: 'Admin' })).token;
  salesToken = (await t.createUserWithToken({ role: 'sales' })).token;
  uploads = join(t.ctx.config.dataDir, 'uploads');
});
afterAll(() => t.close());
beforeEach(async () => {
  await api().post('/api/settings/reset').set(bearer(adminToken)).expect(200);
});

const api = () => request(t.app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const uploadedFiles = () => (existsSync(uploads) ? readdirSync(uploads) : []);

function uploadLogo(content: Buffer, filename = 'logo.png', token = adminToken) {
  return api().post('/api/settings/logo').set(bearer(token)).attach('logo', content, filename);
}

describe('POST /api/settings/logo', () => {
  it('stores a PNG under DATA_DIR/uploads and answers its URL', async () => {
    const response = await uploadLogo(png);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Logo uploaded successfully' });
    expect(response.body.logo.url).toMatch(/^\/api\/settings\/logo\/file\?v=[0-9a-f]+$/);
    expect(uploadedFiles()).toEqual([expect.stringMatching(/^logo-[0-9a-f]+\.png$/)]);

    const logo = await api().get('/api/settings/logo').set(bearer(salesToken));
    expect(logo.body).toEqual({ success: true, logo: response.body.logo });
    const settings = await api().get('/api/settings').set(bearer(salesToken));
    expect(settings.body.settings.logo).toEqual(response.body.logo);
    const [entry] = await auditEntriesOf(t, 'company');
    expect(entry).toMatchObject({ action: 'settings.logo_uploaded' });
  });

  it('replaces the previous logo and deletes its file', async () => {
    await uploadLogo(png).expect(200);
    const [first] = uploadedFiles();
    const response = await uploadLogo(gif, 'second.gif');
    expect(response.status).toBe(200);
    expect(uploadedFiles()).toEqual([expect.stringMatching(/^logo-[0-9a-f]+\.gif$/)]);
    expect(uploadedFiles()).not.toContain(first);
  });

  it('refuses a file over 5 MB (413) and keeps nothing of it', async () => {
    const oversize = Buffer.concat([png, Buffer.alloc(logoMaxBytes)]);
    const response = await uploadLogo(oversize);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be less than 5MB',
    });
    expect(uploadedFiles()).toEqual([]);
  });

  it('judges the content, not the name: text called logo.png is refused (400)', async () => {
    const response = await uploadLogo(Buffer.from('this is not an image'), 'logo.png');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select an image file');
    expect(uploadedFiles()).toEqual([]);
  });

  it('reads the header in a worker: a cut-off header or a pixel bomb is refused (400)', async () => {
    const cutOff = await uploadLogo(png.subarray(0, 20));
    expect(cutOff.status).toBe(400);
    expect(cutOff.body.errors).toEqual({
      logo: 'Please select an image file: this one has no readable size in its header.',
    });
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const refused = await uploadLogo(bomb);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The image is 100000 × 100000 pixels; a logo may be at most 8192 pixels a side.',
    );
    expect(uploadedFiles()).toEqual([]);
  });

  it('refuses SVG, which can carry script (400)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await uploadLogo(svg, 'logo.svg');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select an image file');
  });

  it('asks for an image when the logo field is missing (400)', async () => {
    const response = await api()
      .post('/api/settings/logo')
      .set(bearer(adminToken))
      .attach('picture', png, 'logo.png');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select an image file');
    const empty = await api().post('/api/settings/logo').set(bearer(adminToken));
    expect(empty.status).toBe(400);
  });

  it('answers a truncated multipart body with 400, not 500', async () => {
    const boundary = 'patrol-test-boundary';
    const response = await api()
      .post('/api/settings/logo')
      .set(bearer(adminToken))
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\npartial',
      );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please select an image file');
  });

  it('refuses sales (403) before reading the upload', async () => {
    const response = await uploadLogo(png, 'logo.png', salesToken);
    expect(response.status).toBe(403);
    expect(uploadedFiles()).toEqual([]);
  });
});

describe('GET /api/settings/logo/file', () => {
  it('serves the image without a token, with a strong ETag and caching headers', async () => {
    const { url } = (await uploadLogo(png)).body.logo as { url: string };

    const versioned = await api().get(url);
    expect(versioned.status).toBe(200);
    expect(versioned.headers['content-type']).toBe('image/png');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(versioned.body as Buffer, png)).toBe(0);

    const plain = await api().get('/api/settings/logo/file');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const revalidated = await api().get('/api/settings/logo/file').set('If-None-Match', etag);
    expect(revalidated.status).toBe(304);
  });

  it('answers 404 when no logo is uploaded', async () => {
    expect((await api().get('/api/settings/logo/file')).status).toBe(404);
  });
});

describe('DELETE /api/settings/logo', () => {
  it('removes the logo and its file, then answers 404 to a second delete', async () => {
    await uploadLogo(png).expect(200);
    const response = await api().delete('/api/settings/logo').set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Logo deleted successfully' });
    expect(uploadedFiles()).toEqual([]);
    expect((await api().get('/api/settings/logo').set(bearer(salesToken))).body.logo).toBeNull();
    expect((await api().delete('/api/settings/logo').set(bearer(adminToken))).status).toBe(404);
  });

  it('refuses sales (403)', async () => {
    expect((await api().delete('/api/settings/logo').set(bearer(salesToken))).status).toBe(403);
  });
});

describe('POST /api/settings/reset with a logo', () => {
  it('clears the logo and deletes its file', async () => {
    await uploadLogo(png).expect(200);
    const response = await api().post('/api/settings/reset').set(bearer(adminToken));
    expect(response.body.settings.logo).toBeNull();
    expect(uploadedFiles()).toEqual([]);
  });
});
