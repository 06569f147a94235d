import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { TestContext } from './test-context';

/**
 * Registers the hooks of a test file whose tests share one context: `build` runs before the first
 * test, the context closes after the last, and each test starts with no published events. Answers
 * the fixture `build` returns, filled in once the first hook has run (so read it inside tests).
 */
export function setUpSharedFixture<F extends { t: TestContext }>(build: () => Promise<F>): F {
  const fixture = {} as F;
  beforeAll(async () => {
    Object.assign(fixture, await build());
  });
  afterAll(() => fixture.t.close());
  beforeEach(() => {
    fixture.t.published.length = 0;
  });
  return fixture;
}
