import type { ListOtaVersionsResponse, OtaHealthResponse, OtaVersion } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetOtaConnection } from '@/features/ota/api/ota-request';
import { stubApi, type FakeCall } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

/** A release as the API lists it; 1.2.0 (build 12), active, 15 MB, fully rolled out. */
export function otaVersion(overrides: Partial<OtaVersion> = {}): OtaVersion {
  const id = overrides.id ?? '00000000-0000-4000-8000-000000000012';
  return {
    id,
    version: '1.2.0',
    buildNumber: 12,
    packageName: 'com.patrol.app',
    isActive: true,
    fileSize: 15 * 1024 * 1024,
    platform: 'android',
    channel: 'stable',
    uploadedAt: '2026-03-02T06:05:00.000Z',
    releaseNotes: 'Faster NFC scans',
    checksum: 'ab12'.repeat(16),
    downloadUrl: `/api/ota/versions/${id}/download`,
    rolloutPercent: 100,
    rolloutPausedAt: null,
    rolloutPauseReason: null,
    health: { devices: 0, crashedDevices: 0, crashFreeRate: null, checkedAt: null },
    ...overrides,
  };
}

/** The previous release, 1.1.0 (build 11), inactive. */
export const previousVersion = otaVersion({
  id: '00000000-0000-4000-8000-000000000011',
  version: '1.1.0',
  buildNumber: 11,
  isActive: false,
  fileSize: 14 * 1024 * 1024,
  uploadedAt: '2026-02-20T03:00:00.000Z',
  releaseNotes: '',
  checksum: 'cd34'.repeat(16),
});

/** GET /api/ota/versions for these releases (newest first). */
export function versionsList(versions: OtaVersion[]): ListOtaVersionsResponse {
  return {
    success: true,
    versions,
    currentVersion: versions.find((version) => version.isActive)?.version ?? null,
    latestVersion: versions[0]?.version ?? null,
    totalVersions: versions.length,
  };
}

/** GET /api/ota/diagnostic/health: everything fine, two releases, 2 GB free. */
export function otaHealth(overrides: Partial<OtaHealthResponse> = {}): OtaHealthResponse {
  return {
    success: true,
    status: 'healthy',
    database: 'connected',
    filesystem: 'accessible',
    timestamp: '2026-03-02T06:05:09.000Z',
    services: {
      api: { status: 'healthy', uptime: 5 * 3600 + 12 * 60 },
      database: { status: 'connected', latency: 4, connection: 'embedded (PGlite)' },
      filesystem: { status: 'accessible', writable: true, freeBytes: 2 * 1024 ** 3 },
    },
    statistics: { activeVersions: 1, totalVersions: 2, platforms: ['android'] },
    ...overrides,
  };
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

/** Stubs the OTA calls: the two releases and a healthy check unless `handlers` say otherwise. */
export function stubOta(
  handlers: Record<string, Handler> = {},
  versions: OtaVersion[] = [otaVersion(), previousVersion],
): FakeCall[] {
  return stubApi({
    'GET /api/ota/versions': () => jsonResponse(versionsList(versions)),
    'GET /api/ota/diagnostic/health': () => jsonResponse(otaHealth()),
    ...handlers,
  });
}

/** The calls made to one path. */
export function callsTo(calls: FakeCall[], method: string, path: string): FakeCall[] {
  return calls.filter((call) => call.method === method && call.path === path);
}

/** An error envelope answer. */
export function errorResponse(status: number, error: string, message: string): Response {
  return jsonResponse({ success: false, error, message }, status);
}

/**
 * Each test of an OTA upload dialog starts signed in as a superadmin with no API answers stubbed,
 * and ends with no toasts, no OTA connection state and no stubbed globals (fetch, XMLHttpRequest).
 */
export function setUpOtaDialogTest(): void {
  beforeEach(() => {
    signInAs(testUsers.superadmin);
    stubApi({});
  });
  afterEach(() => {
    toast.dismiss();
    resetOtaConnection();
    vi.unstubAllGlobals();
  });
}

/**
 * A real APK (libs/test-apk): com.patrol.app 1.3.0 with version code 13 unless told, in a file
 * named for its version name ('patrol-1.3.0.apk').
 */
export async function testApkFile(
  options: { packageName?: string; versionCode?: number; versionName?: string } = {},
): Promise<File> {
  const versionName = options.versionName ?? '1.3.0';
  const bytes = await buildTestApk({
    packageName: options.packageName ?? 'com.patrol.app',
    versionCode: options.versionCode ?? 13,
    versionName,
  });
  return new File([new Uint8Array(bytes)], `patrol-${versionName}.apk`, {
    type: 'application/vnd.android.package-archive',
  });
}
