import {
  otaVersionParamsSchema,
  otaVersionResponseSchema,
  rolloutActionBodySchema,
  rolloutLadderBodySchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { changeRolloutByHand, setRolloutLadder } from './rollout-ladder.service';

const tags = ['ota'];
const manageAccess = { permissions: ['settings.edit'] } as const;

/** The rollout ladder and staff's moves on it (issue 27; docs/release-health.md). */
export const releaseHealthRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/ota/versions/:id/ladder',
    summary: "Set a release's rollout ladder: its steps and each step's minimum time and sessions",
    description:
      'Steps are percents rising to 100 (at most 10). The release climbs to the next step once it has spent minMinutes and gathered minSessions sessions at its step, while healthy and not held or halted.',
    tags,
    access: manageAccess,
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
    access: manageAccess,
    params: otaVersionParamsSchema,
    body: rolloutActionBodySchema,
    response: otaVersionResponseSchema,
    handler: ({ ctx, user, params, body }) => changeRolloutByHand(ctx, user, params.id, body),
  }),
];
