import { z } from 'zod';
import { isoDateTimeSchema, successResponse } from './fields';
import { otaChannelSchema, otaPlatformSchema } from './ota';
import {
  updateMessages,
  updateNotificationPlatforms,
  updateNotificationPriorities,
  updateNotificationTypes,
} from './update-constants';

// The update notices' messages and lists live in update-constants.ts (zod-free, for the console).

/** A console build's id, stamped at build time into both the bundle and build-info.json. */
export const consoleBuildIdSchema = z
  .string({ error: updateMessages.buildIdRequired })
  .trim()
  .min(1, { error: updateMessages.buildIdRequired, abort: true })
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, updateMessages.buildIdCharacters);

/** One file of a console build, relative to its dist folder. */
export const consoleBuildAssetSchema = z.object({
  path: z.string().min(1),
  /** Bytes. */
  size: z.number().int().min(0),
  /** Subresource-integrity form of the file's SHA-256: 'sha256-<base64>'. */
  integrity: z.string().regex(/^sha256-[A-Za-z0-9+/]+=*$/),
});
export type ConsoleBuildAsset = z.infer<typeof consoleBuildAssetSchema>;

/** build-info.json, written into the console's dist folder by its build (vite.config.ts). */
export const consoleBuildInfoSchema = z.object({
  version: z.string().min(1),
  buildId: consoleBuildIdSchema,
  /** A beta build is offered only to installations on the beta channel. */
  channel: otaChannelSchema,
  builtAt: isoDateTimeSchema,
  releaseNotes: z.string(),
  /** Every file the build emitted except index.html: what a browser fetches to run it. */
  assets: z.array(consoleBuildAssetSchema),
});
export type ConsoleBuildInfo = z.infer<typeof consoleBuildInfoSchema>;

/** GET /api/ota/dashboard/check query: the build (and its version) the browser runs. */
export const dashboardUpdateCheckQuerySchema = z.object({
  current: consoleBuildIdSchema,
  version: z.string().trim().max(50).optional(),
});
export type DashboardUpdateCheckQuery = z.infer<typeof dashboardUpdateCheckQuerySchema>;

/** GET /api/ota/dashboard/check: is a newer console build available. */
export const dashboardUpdateCheckResponseSchema = successResponse({
  /** The version the browser runs, as it reported it (else its build id). */
  currentVersion: z.string(),
  /** The served build's version; the current one when no build is served. */
  latestVersion: z.string(),
  hasUpdate: z.boolean(),
  /** Bytes of the new build's files, read from the served folder; 0 without an update. */
  updateSize: z.number().int(),
  releaseNotes: z.string(),
  /** This installation's update channel. */
  channel: otaChannelSchema,
  currentBuild: z.string(),
  /** The served build's id; null when the server serves no console build. */
  latestBuild: z.string().nullable(),
  /** When the served build was made. */
  builtAt: isoDateTimeSchema.nullable(),
});
export type DashboardUpdateCheckResponse = z.infer<typeof dashboardUpdateCheckResponseSchema>;

/** GET /api/ota/dashboard/download query. */
export const dashboardDownloadQuerySchema = z.object({ current: consoleBuildIdSchema });
export type DashboardDownloadQuery = z.infer<typeof dashboardDownloadQuerySchema>;

/** One file of the new build as the browser fetches it (root-relative URL). */
export const dashboardUpdateAssetSchema = z.object({
  url: z.string(),
  size: z.number().int(),
  integrity: z.string(),
});
export type DashboardUpdateAsset = z.infer<typeof dashboardUpdateAssetSchema>;

/**
 * Messages of the GET /api/ota/dashboard/download event stream (`data:` lines of JSON): progress
 * as the server reads and verifies each file of the new build, then complete with the files the
 * browser should fetch, or error.
 */
export const dashboardDownloadEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    progress: z.number().min(0).max(100),
    /** Bytes read and verified so far, of `total`. */
    loaded: z.number().int().min(0).optional(),
    total: z.number().int().min(0).optional(),
  }),
  z.object({
    type: z.literal('complete'),
    build: z.string().optional(),
    version: z.string().optional(),
    assets: z.array(dashboardUpdateAssetSchema).optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type DashboardDownloadEvent = z.infer<typeof dashboardDownloadEventSchema>;

/** POST /api/ota/dashboard/apply: the build the browser runs and the one it downloaded. */
export const dashboardApplyBodySchema = z.object({
  current: consoleBuildIdSchema,
  build: consoleBuildIdSchema,
});
export type DashboardApplyBody = z.infer<typeof dashboardApplyBodySchema>;

/** POST /api/ota/dashboard/apply: the downloaded build is the one served; reload to run it. */
export const dashboardApplyResponseSchema = successResponse({
  message: z.string(),
  ready: z.literal(true),
  version: z.string(),
  build: z.string(),
});
export type DashboardApplyResponse = z.infer<typeof dashboardApplyResponseSchema>;

/** POST /api/ota/dashboard/channel. */
export const updateChannelBodySchema = z.object({ channel: otaChannelSchema });
export type UpdateChannelBody = z.infer<typeof updateChannelBodySchema>;

export const updateChannelResponseSchema = successResponse({
  message: z.string(),
  channel: otaChannelSchema,
});
export type UpdateChannelResponse = z.infer<typeof updateChannelResponseSchema>;

/** POST /api/ota/mobile/distribute (answered like an activation, with the release). */
export const mobileDistributeBodySchema = z.object({
  platform: otaPlatformSchema,
  version: z.string().trim().min(1, updateMessages.distributeVersionRequired).max(50),
});
export type MobileDistributeBody = z.infer<typeof mobileDistributeBodySchema>;

/** Update notices raised for the dashboard and the mobile app (spec 2 section 3). */
export const updateNotificationSchema = z.object({
  id: z.string(),
  timestamp: isoDateTimeSchema,
  type: z.enum(updateNotificationTypes),
  title: z.string(),
  message: z.string(),
  priority: z.enum(updateNotificationPriorities),
  version: z.string().nullable(),
  platform: z.enum(updateNotificationPlatforms),
});
export type UpdateNotification = z.infer<typeof updateNotificationSchema>;
