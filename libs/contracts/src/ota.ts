import { z } from 'zod';
import { idSchema, isoDateTimeSchema, messageResponseSchema, successResponse } from './fields';
import { crashMappingSchema } from './crash-mappings';
import { releaseVitalsSchema, rolloutLadderSchema } from './release-health';
import { apkMaxBytes } from './limits';
import { otaChannels, otaPlatforms, otaUpdateEventTypes } from './ota-constants';

export const otaPlatformSchema = z.enum(otaPlatforms);
export type OtaPlatform = z.infer<typeof otaPlatformSchema>;

export const otaChannelSchema = z.enum(otaChannels);
export type OtaChannel = z.infer<typeof otaChannelSchema>;

export const otaUpdateEventTypeSchema = z.enum(otaUpdateEventTypes);
export type OtaUpdateEventType = z.infer<typeof otaUpdateEventTypeSchema>;

export const otaMessages = {
  fileAndVersionRequired: 'Please select a file and enter a version',
  apkOnly: 'Please select an APK file',
  apkTooLarge: 'APK file must be smaller than 200MB.',
  versionCharacters: 'Version may contain only letters, numbers, dots, hyphens and plus signs',
  notAnApk: 'The file is not an Android APK: its AndroidManifest.xml could not be read.',
  notAZip: 'The file is not an Android APK: it is not a zip archive.',
  noManifest: 'The file is not an Android APK: it has no AndroidManifest.xml.',
  manifestTooLarge: (maxMiB: number) =>
    `The APK's AndroidManifest.xml is larger than ${maxMiB} MiB, which no real app's is.`,
  manifestCorrupt: (detail: string) =>
    `The APK's AndroidManifest.xml could not be unpacked: ${detail}.`,
  manifestMalformed: (detail: string) => `The APK's AndroidManifest.xml is malformed: ${detail}.`,
  manifestIncomplete:
    "The APK's AndroidManifest.xml does not name a package, a versionCode and a versionName.",
  apkTooSlow: (seconds: number) => `The APK could not be read within ${seconds} seconds.`,
  apkTooDemanding: 'Reading the APK needed more memory than an APK ever should.',
  versionMismatch: (entered: string, inApk: string) =>
    `The version entered (${entered}) is not the APK's version name (${inApk}).`,
  versionCodeNotAbove: (code: number, latest: number) =>
    `The APK's version code ${code} must be above the latest release's (${latest}).`,
  packageMismatch: (found: string, expected: string) =>
    `The APK is for ${found}, but the releases here are for ${expected}.`,
  versionExists: (version: string) => `Version ${version} has already been uploaded.`,
  versionNotFound: 'Version not found',
  uploaded: (version: string) => `Version ${version} uploaded successfully`,
  activated: (version: string) => `Version ${version} activated successfully`,
  deactivated: 'Version deactivated successfully',
  deleted: 'Version deleted successfully',
  deleteActive: 'Deactivate this version before deleting it.',
  deviceVersionRequired: 'Send the installed versionCode',
} as const;

/** An uploaded APK release (spec 2 section 3). */
export const otaVersionSchema = z.object({
  id: idSchema,
  version: z.string(),
  /** The APK's versionCode. */
  buildNumber: z.number().int().nullable(),
  /** The APK's package name, read from its manifest. */
  packageName: z.string(),
  isActive: z.boolean(),
  /** Bytes. */
  fileSize: z.number().int(),
  platform: otaPlatformSchema,
  channel: otaChannelSchema,
  uploadedAt: isoDateTimeSchema,
  releaseNotes: z.string(),
  /** SHA-256 of the file, hex. */
  checksum: z.string(),
  /** Where the app downloads this APK. */
  downloadUrl: z.string(),
  /** Staged rollout: the share of devices (0-100) offered this release while it is active. */
  rolloutPercent: z.number().int().min(0).max(100),
  /** When the rollout was paused, and why; null while it runs. */
  rolloutPausedAt: isoDateTimeSchema.nullable(),
  rolloutPauseReason: z.string().nullable(),
  /**
   * Release health over the last day, refreshed every minute: devices that reported running it,
   * how many of them sent a crash report from it, and the crash-free rate in percent (null before
   * any device reported).
   */
  health: z.object({
    devices: z.number().int(),
    crashedDevices: z.number().int(),
    crashFreeRate: z.number().nullable(),
    checkedAt: isoDateTimeSchema.nullable(),
  }),
  /** Session vitals of the last evaluation (null before the first); see release-health.ts. */
  vitals: releaseVitalsSchema.nullable().optional(),
  /** The rollout ladder the release climbs while healthy. */
  ladder: rolloutLadderSchema.optional(),
  /** The release whose build this one republishes (a roll forward), if any. */
  rolledForwardFrom: z.string().nullable().optional(),
  /** The version's R8/ProGuard mapping (GET /api/ota/versions only): null when none is uploaded. */
  mapping: crashMappingSchema.nullable().optional(),
});
export type OtaVersion = z.infer<typeof otaVersionSchema>;

/** GET /api/ota/versions query. */
export const listOtaVersionsQuerySchema = z.object({
  includeInactive: z.stringbool().default(false),
  platform: otaPlatformSchema.optional(),
});
export type ListOtaVersionsQuery = z.infer<typeof listOtaVersionsQuerySchema>;

/** GET /api/ota/versions: newest first; current = the active release, latest = the newest. */
export const listOtaVersionsResponseSchema = successResponse({
  versions: z.array(otaVersionSchema),
  currentVersion: z.string().nullable(),
  latestVersion: z.string().nullable(),
  totalVersions: z.number().int(),
});
export type ListOtaVersionsResponse = z.infer<typeof listOtaVersionsResponseSchema>;

/**
 * Text fields of POST /api/ota/upload (multipart; the file is field `apk`). Only the characters
 * are checked, not the format, since the version also names the stored file.
 */
export const otaUploadFieldsSchema = z.object({
  version: z
    .string({ error: otaMessages.fileAndVersionRequired })
    .trim()
    .min(1, { error: otaMessages.fileAndVersionRequired, abort: true })
    .max(50, 'Version must be 50 characters or less')
    .regex(/^[A-Za-z0-9.+-]+$/, otaMessages.versionCharacters),
  releaseNotes: z.string().trim().max(5000).default(''),
  channel: otaChannelSchema.default('stable'),
  platform: otaPlatformSchema.default('android'),
  /** Percent of devices offered the release once active; 100 unless a staged rollout is wanted. */
  rolloutPercent: z.coerce.number().int().min(0).max(100).default(100),
});
export type OtaUploadFields = z.infer<typeof otaUploadFieldsSchema>;

/** The uploaded APK file, checked by name and size. */
export const apkFileSchema = z.object({
  name: z.string().regex(/\.apk$/i, otaMessages.apkOnly),
  size: z
    .number()
    .int()
    .min(1, otaMessages.fileAndVersionRequired)
    .max(apkMaxBytes, otaMessages.apkTooLarge),
});
export type ApkFile = z.infer<typeof apkFileSchema>;

/** POST /api/ota/upload and PATCH /api/ota/versions/{id}/activate|deactivate. */
export const otaVersionResponseSchema = successResponse({
  message: z.string(),
  version: otaVersionSchema,
});
export type OtaVersionResponse = z.infer<typeof otaVersionResponseSchema>;

/** The version call names a release by row id or by version name. */
export const otaVersionParamsSchema = z.object({ id: z.string().trim().min(1).max(60) });

/** PATCH /api/ota/versions/{id}/rollout: widen, narrow, pause or resume a staged rollout. */
export const otaRolloutBodySchema = z.object({
  rolloutPercent: z.number().int().min(0).max(100).optional(),
  paused: z.boolean().optional(),
});
export type OtaRolloutBody = z.infer<typeof otaRolloutBodySchema>;

/** GET /api/ota/mobile/check query: what the device runs now. */
export const mobileCheckQuerySchema = z.object({
  platform: otaPlatformSchema.default('android'),
  versionCode: z.coerce
    .number({ error: otaMessages.deviceVersionRequired })
    .int(otaMessages.deviceVersionRequired)
    .min(0, otaMessages.deviceVersionRequired),
  versionName: z.string().trim().max(50).optional(),
});
export type MobileCheckQuery = z.infer<typeof mobileCheckQuerySchema>;

/** GET /api/ota/mobile/check with a device token: the release this device should install. */
export const deviceUpdateCheckResponseSchema = successResponse({
  hasUpdate: z.boolean(),
  update: z
    .object({
      version: z.string(),
      versionCode: z.number().int(),
      /** Bytes. */
      fileSize: z.number().int(),
      /** SHA-256 of the file, hex; also the download's ETag. */
      checksum: z.string(),
      releaseNotes: z.string(),
      downloadUrl: z.string(),
    })
    .nullable(),
});
export type DeviceUpdateCheckResponse = z.infer<typeof deviceUpdateCheckResponseSchema>;

/** DELETE /api/ota/versions/{id}. */
export const deleteOtaVersionResponseSchema = messageResponseSchema;

/** Status words of the OTA health check; the console maps them to its labels. */
export const otaServiceStatuses = [
  'healthy',
  'connected',
  'accessible',
  'warning',
  'error',
  'failed',
] as const;
const otaServiceStatusSchema = z.enum(otaServiceStatuses);

/** GET /api/ota/diagnostic/health. */
export const otaHealthResponseSchema = successResponse({
  status: z.enum(['healthy', 'warning', 'error']),
  database: otaServiceStatusSchema,
  filesystem: otaServiceStatusSchema,
  timestamp: isoDateTimeSchema,
  error: z.string().optional(),
  services: z.object({
    api: z.object({ status: otaServiceStatusSchema, uptime: z.number() }),
    database: z.object({
      status: otaServiceStatusSchema,
      latency: z.number().nullable(),
      connection: z.string(),
    }),
    filesystem: z.object({
      status: otaServiceStatusSchema,
      writable: z.boolean(),
      /** Free space where APKs are stored; null when it could not be read. */
      freeBytes: z.number().nullable(),
    }),
  }),
  statistics: z.object({
    activeVersions: z.number().int(),
    totalVersions: z.number().int(),
    platforms: z.array(z.string()),
  }),
});
export type OtaHealthResponse = z.infer<typeof otaHealthResponseSchema>;

/** One platform's app update state. */
export const mobileUpdateSchema = z.object({
  currentVersion: z.string().nullable(),
  latestVersion: z.string().nullable(),
  hasUpdate: z.boolean(),
  downloadUrl: z.string().nullable(),
  releaseNotes: z.string(),
  /** The offered release's version code, size (bytes) and SHA-256, when there is one. */
  versionCode: z.number().int().nullable().optional(),
  fileSize: z.number().int().nullable().optional(),
  checksum: z.string().nullable().optional(),
});
export type MobileUpdate = z.infer<typeof mobileUpdateSchema>;

/** GET /api/ota/mobile/check. */
export const mobileUpdateCheckResponseSchema = successResponse({
  android: mobileUpdateSchema,
  ios: mobileUpdateSchema.optional(),
});
export type MobileUpdateCheckResponse = z.infer<typeof mobileUpdateCheckResponseSchema>;
