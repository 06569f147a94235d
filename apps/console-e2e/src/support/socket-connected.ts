import type { Page } from 'playwright-core';

/**
 * Resolves once the page's socket.io connection is open (the server's connect packet, '40',
 * arrives): an event published before then is not the page's to see. Call before navigating.
 */
export function socketConnected(page: Page): Promise<void> {
  return page
    .waitForEvent('websocket')
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')),
    )
    .then(() => undefined);
}
