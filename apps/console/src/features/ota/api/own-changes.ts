import type { OtaUpdateEventType } from '@patrol/contracts';

/**
 * Changes this tab made itself: their ota_update echo still reloads the list but raises no second
 * toast beside the action's own.
 */
const ownChanges = new Map<string, ReturnType<typeof setTimeout>>();
const defaultRememberMs = 10_000;

function keyOf(type: OtaUpdateEventType, version: string): string {
  return `${type}:${version}`;
}

/**
 * Marks a change this tab is making. Called before the request goes out: the server announces the
 * change before its answer arrives.
 */
export function rememberOwnChange(
  type: OtaUpdateEventType,
  version: string,
  /** How long the echo may take: an upload's comes only once the whole file is in. */
  forMs = defaultRememberMs,
): void {
  const key = keyOf(type, version);
  const previous = ownChanges.get(key);
  if (previous) clearTimeout(previous);
  ownChanges.set(
    key,
    setTimeout(() => ownChanges.delete(key), forMs),
  );
}

/** Whether the event echoes a change of this tab (each change is consumed once). */
export function takeOwnChange(type: OtaUpdateEventType, version: string): boolean {
  const key = keyOf(type, version);
  const timer = ownChanges.get(key);
  if (!timer) return false;
  clearTimeout(timer);
  ownChanges.delete(key);
  return true;
}

/** Unmarks a change that failed, so another tab's later success still raises its toast. */
export function forgetOwnChange(type: OtaUpdateEventType, version: string): void {
  takeOwnChange(type, version);
}
