import { chromium, type Browser } from 'playwright-core';

/** The system Chromium; playwright-core never downloads a browser of its own. */
export const chromiumPath = '/usr/bin/chromium';

/** Launches headless Chromium with the flags that let it run in a container without a GPU. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
