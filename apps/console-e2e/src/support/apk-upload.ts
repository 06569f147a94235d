import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the upload dialog has read the chosen APK in the browser and filled Version with its
 * version name. Typing Version while the read is under way races the fill (the fill can land
 * between the field's select-all and the typing), so journeys take the filled value.
 */
export async function expectApkRead(
  dialog: Locator,
  apk: { versionName: string; versionCode: number },
): Promise<void> {
  await dialog.getByText(`version ${apk.versionName}, version code ${apk.versionCode}.`).waitFor();
  expect(await dialog.getByLabel('Version', { exact: true }).inputValue()).toBe(apk.versionName);
}
