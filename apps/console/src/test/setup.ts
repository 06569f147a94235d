import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files share a worker's jsdom and its loaded packages (vitest.config.ts, isolate: false), but
// each file imports the app's own modules afresh: their module-level state (the session check, the
// breakers, the OTA tab's own changes, ...) starts clean, as in the browser after a page load.
vi.resetModules();

// findBy and waitFor wait up to 3 s, not 1 s: two test workers share two cores, and a screen's
// first render may take more than a second on a busy machine. A passing test waits no longer.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: scrolling (the router's scroll restoration) is a no-op here.
window.scrollTo = () => undefined;
