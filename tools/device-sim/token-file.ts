import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DeviceTokenStore } from './simulated-device';

/**
 * Device tokens kept in a JSON file between runs, as the patrol app keeps its token: a device
 * activating its bound licence again must present it. The file holds secrets of test devices only.
 */
export function fileTokenStore(path: string): DeviceTokenStore {
  let tokens: Record<string, string> = {};
  try {
    tokens = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  } catch {
    // No file yet (or an unreadable one): every device starts without a token.
  }
  return {
    get: (deviceId) => tokens[deviceId],
    set(deviceId, token) {
      tokens = { ...tokens, [deviceId]: token };
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
    },
  };
}
