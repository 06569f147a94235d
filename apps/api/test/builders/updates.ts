import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ConsoleBuildInfo, OtaChannel } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import request from 'supertest';
import type { TestContext } from '../test-context';
import { bearer } from '../test-context';

export interface TestConsoleBuild {
  info: ConsoleBuildInfo;
  /** Each file's content, by its path in the dist folder. */
  files: Map<string, Buffer>;
}

/**
 * Writes a console build into `consoleDist` as the console's build does: its files under assets/
 * and build-info.json listing them with size and SHA-256. `sizes` gives each file's length.
 */
export async function writeConsoleBuild(
  consoleDist: string,
  overrides: { buildId?: string; version?: string; channel?: OtaChannel; sizes?: number[] } = {},
): Promise<TestConsoleBuild> {
  const buildId = overrides.buildId ?? `build-${randomBytes(4).toString('hex')}`;
  const files = new Map<string, Buffer>();
  (overrides.sizes ?? [150_000, 90_000, 4_000]).forEach((size, index) => {
    files.set(`assets/chunk-${index}-${buildId}.js`, randomBytes(size));
  });
  const info: ConsoleBuildInfo = {
    version: overrides.version ?? '8.3.0',
    buildId,
    channel: overrides.channel ?? 'stable',
    builtAt: new Date().toISOString(),
    releaseNotes: 'Update notices in the header',
    assets: [...files].map(([path, content]) => ({
      path,
      size: content.length,
      integrity: `sha256-${createHash('sha256').update(content).digest('base64')}`,
    })),
  };
  for (const [path, content] of files) {
    await mkdir(dirname(join(consoleDist, path)), { recursive: true });
    await writeFile(join(consoleDist, path), content);
  }
  await writeFile(join(consoleDist, 'build-info.json'), JSON.stringify(info));
  return { info, files };
}

let nextVersionCode = 500;

/** Uploads a fresh Android release through the API (inactive); answers its version name. */
export async function uploadTestRelease(t: TestContext, editorToken: string): Promise<string> {
  nextVersionCode += 1;
  const versionName = `5.${nextVersionCode}.0`;
  const apk = await buildTestApk({ versionCode: nextVersionCode, versionName });
  const response = await request(t.app)
    .post('/api/ota/upload')
    .set(bearer(editorToken))
    .field('version', versionName)
    .attach('apk', apk, 'patrol.apk');
  if (response.status !== 201) {
    throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return versionName;
}
