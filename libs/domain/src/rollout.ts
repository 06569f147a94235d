/**
 * Staged rollout: which devices a release is offered to. Each device falls in a bucket from 0 to
 * 99 that depends on the device and the release, so a device stays in (or out) while the
 * percentage stays put, joins as it grows, and different releases sample different devices.
 */
export function rolloutBucket(deviceKey: string, releaseKey: string): number {
  // FNV-1a, 32 bits: stable everywhere (browser and server) and well spread for short keys.
  let hash = 0x811c9dc5;
  for (const character of `${releaseKey}:${deviceKey}`) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether a release rolled out to `percent` percent of devices is offered to this device. */
export function isInRollout(deviceKey: string, releaseKey: string, percent: number): boolean {
  return rolloutBucket(deviceKey, releaseKey) < percent;
}

/**
 * A release's crash-free rate in percent: devices on it with no crash report in the window, over
 * devices on it that reported at all; null before any device reported.
 */
export function crashFreeRate(devicesReporting: number, devicesCrashed: number): number | null {
  if (devicesReporting <= 0) return null;
  const crashed = Math.min(devicesCrashed, devicesReporting);
  return Math.round(((devicesReporting - crashed) / devicesReporting) * 1000) / 10;
}
