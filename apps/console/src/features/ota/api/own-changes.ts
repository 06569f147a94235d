import type { OtaUpdateEventType } from '@patrol/contracts';

/**
 * Changes this tab made itself: their ota_update echo still reloads the list but raises no second
 * toast beside the action's own.
 */
const ownChanges = new Map<string, ReturnType<typeof setTimeout>>();
const rememberMs = 10_000;

function keyOf(type: OtaUpdateEventType, version: string): string {
  return `${type}:${version}`;
}

/** Marks a change this tab just made (after the server accepted it). */
export function rememberOwnChange(type: OtaUpdateEventType, version: string): void {
  const key = keyOf(type, version);
  const previous = ownChanges.get(key);
  if (previous) clearTimeout(previous);
  ownChanges.set(
    key,
    setTimeout(() => ownChanges.delete(key), rememberMs),
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
