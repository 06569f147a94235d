import {
  apkMaxBytes,
  crashMappingResponseSchema,
  mappingMaxBytes,
  deleteOtaVersionResponseSchema,
  listOtaVersionsQuerySchema,
  listOtaVersionsResponseSchema,
  mobileCheckQuerySchema,
  mobileDistributeBodySchema,
  mobileUpdateCheckResponseSchema,
  otaHealthResponseSchema,
  otaMessages,
  otaRolloutBodySchema,
  otaVersionParamsSchema,
  otaVersionResponseSchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { uploadReceiver } from '../../storage/uploads';
import { sendStoredFile } from '../../storage/stored-file';
import { checkMobileUpdate, findApkDownload } from './ota-device.service';
import { deleteMapping, findMappingFile, uploadMapping } from './ota-mapping.service';
import { uploadApk } from './ota-upload.service';
import {
  activateVersion,
  changeRollout,
  deactivateVersion,
  distributeMobileRelease,
  listVersions,
  otaHealth,
  removeVersion,
} from './ota.service';

const tags = ['ota'];
const viewAccess = { permissions: ['ota.view'] } as const;
/** Uploading a release or its mapping, and deleting either. */
const uploadAccess = { permissions: ['ota.upload'] } as const;
/** Whatever changes which devices are offered a release. */
const activateAccess = { permissions: ['ota.activate'] } as const;

/** Over-the-air releases of the Android app (spec 2 sections 2.5 and 7). */
export const otaRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/ota/versions',
    summary: 'The newest releases (active only unless includeInactive=true)',
    tags,
    access: viewAccess,
    query: listOtaVersionsQuerySchema,
    response: listOtaVersionsResponseSchema,
    handler: ({ ctx, query }) => listVersions(ctx.db, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/upload',
    summary: 'Upload an APK (multipart: apk, version, releaseNotes, channel, rolloutPercent)',
    description: `The file is streamed to disk and hashed (SHA-256) as it arrives. 413 '${otaMessages.apkTooLarge}' over ${apkMaxBytes} bytes; 400 when it is not an APK, when the version entered is not the APK's version name, or its package differs from earlier releases; 409 when the version exists or its version code is not above the latest. Nothing is left on disk after a refusal.`,
    tags,
    access: uploadAccess,
    response: otaVersionResponseSchema,
    status: 201,
    handler: ({ ctx, user, req, res }) => uploadApk(ctx, user, uploadReceiver(req, res)),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/ota/versions/:id/activate',
    summary: 'Make a release the current one of its platform and channel',
    description: 'The id is the row id or the version name.',
    tags,
    access: activateAccess,
    params: otaVersionParamsSchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params }) => activateVersion(ctx, user, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/ota/versions/:id/deactivate',
    summary: 'Stop offering a release',
    tags,
    access: activateAccess,
    params: otaVersionParamsSchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params }) => deactivateVersion(ctx, user, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/ota/versions/:id/rollout',
    summary: 'Staged rollout: set the share of devices offered a release, pause or resume it',
    tags,
    access: activateAccess,
    params: otaVersionParamsSchema,
    body: otaRolloutBodySchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params, body }) => changeRollout(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/ota/versions/:id',
    summary: 'Delete an inactive release and its file',
    description: '409 while the release is active.',
    tags,
    access: uploadAccess,
    params: otaVersionParamsSchema,
    response: deleteOtaVersionResponseSchema,
    handler: ({ ctx, user, params }) => removeVersion(ctx, user, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/ota/diagnostic/health',
    summary: 'OTA health: a database round trip, a write to the APK folder and free space',
    tags,
    access: viewAccess,
    response: otaHealthResponseSchema,
    handler: ({ ctx }) => otaHealth(ctx),
  }),
  defineRoute({
    method: 'get',
    path: '/api/ota/mobile/check',
    summary: 'Whether a newer app release is offered (device token), or the current one (console)',
    description:
      'With a device token and ?versionCode= (and versionName, platform): the release this device should install, if a newer active one reaches it in the staged rollout; the version it runs is recorded for release health. With a staff token (ota.view): the current and latest Android releases.',
    tags: [...tags, 'device'],
    access: { ...viewAccess, orDevice: true },
    response: mobileUpdateCheckResponseSchema,
    // Only the app sends the version it runs; the console's call has no query.
    handler: ({ ctx, req, device }) =>
      checkMobileUpdate(ctx, device && { device, query: mobileCheckQuerySchema.parse(req.query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/ota/versions/:id/download',
    summary: 'Download a release (device token or console); HTTP Range resumes, ETag = SHA-256',
    tags: [...tags, 'device'],
    access: { ...viewAccess, orDevice: true },
    params: otaVersionParamsSchema,
    response: {
      200: { contentType: 'application/vnd.android.package-archive', description: 'The APK' },
      206: { contentType: 'application/vnd.android.package-archive', description: 'A byte range' },
    },
    handler: async ({ ctx, res, params }) =>
      sendStoredFile(res, await findApkDownload(ctx, params.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/mobile/distribute',
    summary: 'Distribute an app release to the devices of its platform (activates it)',
    description:
      'Activates the release through the same path as PATCH /api/ota/versions/{id}/activate: audited, announced as ota_update. 404 for a version never uploaded on that platform.',
    tags,
    access: activateAccess,
    body: mobileDistributeBodySchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, body }) => distributeMobileRelease(ctx, user, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/versions/:id/mapping',
    summary: "Upload a release's R8/ProGuard mapping (multipart: mapping)",
    description: `Streamed to disk and hashed (SHA-256); every line is checked in a parser worker. 413 over ${mappingMaxBytes} bytes; 400 naming the first line that is not a mapping's. Replaces an earlier mapping; the release's crash reports are retraced and regrouped in the background.`,
    tags,
    access: uploadAccess,
    params: otaVersionParamsSchema,
    response: crashMappingResponseSchema,
    status: 201,
    handler: ({ ctx, user, params, req, res }) =>
      uploadMapping(ctx, user, params.id, uploadReceiver(req, res)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/ota/versions/:id/mapping',
    summary: "Download a release's R8/ProGuard mapping; ETag = SHA-256",
    tags,
    access: viewAccess,
    params: otaVersionParamsSchema,
    response: { 200: { contentType: 'text/plain', description: 'The mapping file' } },
    handler: async ({ ctx, res, params }) =>
      sendStoredFile(res, await findMappingFile(ctx, params.id)),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/ota/versions/:id/mapping',
    summary: "Delete a release's R8/ProGuard mapping",
    description: 'Reports already retraced keep their readable stacks.',
    tags,
    access: uploadAccess,
    params: otaVersionParamsSchema,
    response: deleteOtaVersionResponseSchema,
    handler: ({ ctx, user, params }) => deleteMapping(ctx, user, params.id),
  }),
];
