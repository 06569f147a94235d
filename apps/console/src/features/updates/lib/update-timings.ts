/** Timings and limits of update notices (spec 2 sections 4 and 9). */
export const updateTimings = {
  /** The first check runs this long after the provider starts. */
  firstCheckDelayMs: 2_000,
  /** Then every 4 hours. */
  checkIntervalMs: 14_400_000,
  /** After apply answers ready, the page reloads this much later. */
  reloadDelayMs: 3_000,
  /** A mobile release activated elsewhere is checked this long after its ota_update event. */
  releaseEventDelayMs: 1_000,
} as const;

/** The notices list keeps the newest this many. */
export const noticeListCap = 10;
