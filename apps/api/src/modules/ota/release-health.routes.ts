import {
  otaVersionParamsSchema,
  otaVersionResponseSchema,
  rolloutActionBodySchema,
  rolloutLadderBodySchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { uploadReceiver } from '../../storage/uploads';
import { rollForward } from './roll-forward.service';
import { changeRolloutByHand, setRolloutLadder } from './rollout-ladder.service';

const tags = ['ota'];
// Releases are shipped with the OTA permissions, never with company settings (issue 29).
const rolloutAccess = { permissions: ['ota.activate'] } as const;
// Roll forward uploads an APK and makes it the active release: both rights.
const rollForwardAccess = { permissions: ['ota.upload', 'ota.activate'], mode: 'all' } as const;

/** The rollout ladder and staff's moves on it (issue 27; docs/release-health.md). */
export const releaseHealthRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/ota/versions/:id/ladder',
    summary: "Set a release's rollout ladder: its steps and each step's minimum time and sessions",
    description:
      'Steps are percents rising to 100 (at most 10). The release climbs to the next step once it has spent minMinutes and gathered minSessions sessions at its step, while healthy and not held or halted.',
    tags,
    access: rolloutAccess,
    params: otaVersionParamsSchema,
    body: rolloutLadderBodySchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params, body }) => setRolloutLadder(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/versions/:id/rollout-action',
    summary: 'Hold, release, advance, halt or resume a rollout by hand',
    description:
      'hold keeps the release at its step (still offered); release lets it climb again; advance takes the next step now; halt stops offering it to devices not on it; resume lifts a halt. Audited and announced as ota_update; 409 when the rollout is in no state for the move.',
    tags,
    access: rolloutAccess,
    params: otaVersionParamsSchema,
    body: rolloutActionBodySchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params, body }) => changeRolloutByHand(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/ota/versions/:id/roll-forward',
    summary:
      'Roll forward: replace a halted release with the previous good build, rebuilt (multipart: apk)',
    description:
      'The id names the halted release. The APK is the previous good build (the newest earlier release never halted) rebuilt with a version code above the latest, since Android refuses to install a lower one. It is checked like an upload (413, 400 for another package or not an APK, 409 for a version code not above the latest), stored naming the good release, made the active release at 100% and the halted one deactivated, in one action; audited and announced. 409 when the release is not halted or no earlier release was good.',
    tags,
    access: rollForwardAccess,
    params: otaVersionParamsSchema,
    response: otaVersionResponseSchema,
    status: 201,
    handler: ({ ctx, user, params, req, res }) =>
      rollForward(ctx, user, params.id, uploadReceiver(req, res)),
  }),
];
