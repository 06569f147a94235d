// Plain lists apart from the schemas: a screen that only lists channels or platforms does not
// load zod (ota.ts builds its enums from these).

/** Platforms an app release is built for. */
export const otaPlatforms = ['android', 'ios'] as const;

/** Release channels; uploads are always sent as stable (spec 2 section 5). */
export const otaChannels = ['stable', 'beta'] as const;

/** Types of the ota_update realtime event; other types are ignored by the console. */
export const otaUpdateEventTypes = [
  'version_uploaded',
  'version_activated',
  'version_deactivated',
  'version_deleted',
  // Release health (issue 27): a ladder step, a hold, an advance, a resume, or a halt.
  'rollout_changed',
  'rollout_halted',
] as const;
