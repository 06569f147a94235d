import {
  dashboardApplyBodySchema,
  dashboardApplyResponseSchema,
  dashboardDownloadQuerySchema,
  dashboardUpdateCheckQuerySchema,
  dashboardUpdateCheckResponseSchema,
  updateChannelBodySchema,
  updateChannelResponseSchema,
  type DashboardDownloadEvent,
} from '@patrol/contracts';
import { streamEvents } from '../../http/event-stream';
import { defineRoute } from '../../http/route';
import {
  applyDashboardUpdate,
  buildToDownload,
  changeUpdateChannel,
  checkDashboardUpdate,
  verifyDownload,
} from './console-updates.service';

const tags = ['ota'];
const viewAccess = { permissions: ['settings.view'] } as const;
const manageAccess = { permissions: ['settings.edit'] } as const;

/**
 * Updates of the console itself (spec 2 section 2.5): the build the server serves, checked,
 * verified and applied by the browser, and this installation's update channel.
 */
export const consoleUpdateRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/ota/dashboard/check',
    summary: 'Whether the server serves a newer console build than the one loaded (?current=)',
    description:
      "Compares the build id the browser runs with build-info.json of the console build served (written by the console's build). A beta build is offered only on the beta channel; no update is offered while any of its files is missing.",
    tags,
    access: viewAccess,
    query: dashboardUpdateCheckQuerySchema,
    response: dashboardUpdateCheckResponseSchema,
    handler: ({ ctx, query }) => checkDashboardUpdate(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/ota/dashboard/download',
    summary: 'Event stream: reads and verifies the new console build, with progress',
    description:
      "Messages are `data:` lines of JSON: {type:'progress', progress, loaded, total} while every file of the served build is read and checked against its SHA-256, then {type:'complete', build, version, assets} (the files for the browser to fetch), or {type:'error', message}. 409 before the stream when no build is served or it is the one loaded.",
    tags,
    access: viewAccess,
    query: dashboardDownloadQuerySchema,
    response: {
      200: {
        contentType: 'text/event-stream',
        description: 'progress, complete or error messages',
      },
    },
    handler: async ({ ctx, query, res }) => {
      const served = await buildToDownload(ctx, query);
      await streamEvents<DashboardDownloadEvent>(res, (stream) =>
        verifyDownload(ctx, served, stream),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/dashboard/apply',
    summary: 'Confirms the downloaded console build is the one served, whole: reload into it',
    description:
      'Body: the build the browser runs (current) and the one it downloaded (build). 409 when no build is served, it is the one loaded, a newer one replaced it, or a file of it is missing.',
    tags,
    access: manageAccess,
    body: dashboardApplyBodySchema,
    response: dashboardApplyResponseSchema,
    handler: ({ ctx, body }) => applyDashboardUpdate(ctx, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/dashboard/channel',
    summary: "Sets this installation's console update channel (stable or beta)",
    tags,
    access: manageAccess,
    body: updateChannelBodySchema,
    response: updateChannelResponseSchema,
    handler: ({ ctx, user, body }) => changeUpdateChannel(ctx, user, body.channel),
  }),
];
