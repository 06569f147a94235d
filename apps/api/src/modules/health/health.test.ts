import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestContext } from '../../../test/builders';

describe('health probes', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext();
  });
  afterAll(() => test.close());

  it('answers liveness with ok and the uptime', async () => {
    const response = await request(test.app).get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', uptime: expect.any(Number) });
  });

  it('answers readiness when the database responds', async () => {
    const response = await request(test.app).get('/ready').expect(200);
    expect(response.body).toEqual({ status: 'ready', database: 'connected' });
  });

  it('answers 503 on readiness once the database is gone', async () => {
    const isolated = await createTestContext();
    try {
      await isolated.database.close();
      const response = await request(isolated.app).get('/ready').expect(503);
      expect(response.body).toEqual({ status: 'unavailable', database: 'disconnected' });
    } finally {
      await isolated.close();
    }
  });
});
