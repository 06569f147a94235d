import { describe, expect, it } from 'vitest';
import {
  apkFileSchema,
  listOtaVersionsQuerySchema,
  listOtaVersionsResponseSchema,
  otaHealthResponseSchema,
  otaUploadFieldsSchema,
} from './ota';
import { exampleId, exampleTime, messagesAt } from './test-support';

const version = {
  id: exampleId,
  version: '1.2.0',
  buildNumber: 120,
  isActive: true,
  fileSize: 52_428_800,
  platform: 'android',
  channel: 'stable',
  uploadedAt: exampleTime,
  releaseNotes: 'Faster NFC scanning',
  checksum: 'a'.repeat(64),
  downloadUrl: `/api/ota/versions/${exampleId}/download`,
  packageName: 'com.patrol.guard',
  rolloutPercent: 25,
  rolloutPausedAt: null,
  rolloutPauseReason: null,
  health: { devices: 40, crashedDevices: 1, crashFreeRate: 97.5, checkedAt: exampleTime },
};

describe('OTA contracts', () => {
  it('parses the versions and health answers', () => {
    const list = {
      success: true,
      versions: [version],
      currentVersion: '1.2.0',
      latestVersion: '1.2.0',
      totalVersions: 1,
    };
    expect(listOtaVersionsResponseSchema.parse(list)).toEqual(list);
    const ok = { status: 'connected' };
    const health = {
      success: true,
      status: 'healthy',
      database: 'connected',
      filesystem: 'accessible',
      timestamp: exampleTime,
      services: {
        api: { ...ok, uptime: 60 },
        database: { ...ok, latency: 2, connection: 'postgresql' },
        filesystem: { status: 'accessible', writable: true, freeBytes: 8_000_000_000 },
      },
      statistics: { activeVersions: 1, totalVersions: 1, platforms: ['android'] },
    };
    expect(otaHealthResponseSchema.parse(health)).toEqual(health);
  });

  it('reads includeInactive=true from the URL', () => {
    expect(listOtaVersionsQuerySchema.parse({ includeInactive: 'true' }).includeInactive).toBe(
      true,
    );
  });

  it.each([undefined, '', '  '])('upload: version %j asks for a file and a version', (value) => {
    expect(messagesAt(otaUploadFieldsSchema, { version: value }, 'version')).toEqual([
      'Please select a file and enter a version',
    ]);
  });

  it('sends uploads on the stable channel by default', () => {
    expect(otaUploadFieldsSchema.parse({ version: '1.0.0' })).toMatchObject({
      channel: 'stable',
      platform: 'android',
    });
  });

  it.each([
    [{ name: 'app.apk', size: 209_715_201 }, 'size', 'APK file must be smaller than 200MB.'],
    [{ name: 'app.zip', size: 10 }, 'name', 'Please select an APK file'],
  ])('apk %j: %s says "%s"', (file, path, message) => {
    expect(messagesAt(apkFileSchema, file, path)).toEqual([message]);
  });

  it('accepts exactly 200 MB', () => {
    expect(apkFileSchema.safeParse({ name: 'app.APK', size: 209_715_200 }).success).toBe(true);
  });
});
