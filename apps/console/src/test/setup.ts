import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
