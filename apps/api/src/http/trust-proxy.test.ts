import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context';
import { defineRoute } from './route';
import { z } from 'zod';

/** A route that answers the client address the app believes in. */
const whoAmI = defineRoute({
  method: 'get',
  path: '/api/test/address',
  summary: 'The client address as the app sees it',
  tags: ['test'],
  access: 'public',
  response: z.object({ ip: z.string() }),
  handler: ({ req }) => ({ ip: req.ip ?? '' }),
});

describe('TRUST_PROXY', () => {
  let t: TestContext | undefined;
  afterEach(() => t?.close());

  const addressSeen = async (trustProxy: string) => {
    t = await createTestContext({ routes: [whoAmI], env: { TRUST_PROXY: trustProxy } });
    const response = await request(t.app)
      .get('/api/test/address')
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200);
    return response.body.ip as string;
  };

  it('ignores X-Forwarded-For by default, so a client cannot choose its address', async () => {
    expect(await addressSeen('false')).toMatch(/127\.0\.0\.1|::1/);
  });

  it('takes the forwarded address from a trusted proxy', async () => {
    expect(await addressSeen('loopback')).toBe('203.0.113.9');
  });
});
