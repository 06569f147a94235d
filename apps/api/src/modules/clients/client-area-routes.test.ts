import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOpenApiPath } from '../../openapi/openapi-document';
import {
  buildClient,
  clientAreaRoutes,
  createClientAreaTestContext,
  type ClientAreaTestContext,
} from './clients-test-builders';

describe('client-area routes', () => {
  let t: ClientAreaTestContext;
  beforeAll(async () => {
    t = await createClientAreaTestContext();
  });
  afterAll(() => t.close());

  it('are all in the OpenAPI document', async () => {
    const response = await request(t.app).get('/api/openapi.json').expect(200);
    for (const route of clientAreaRoutes) {
      const operation = response.body.paths[toOpenApiPath(route.path)]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toMatchObject({ summary: route.summary });
    }
  });

  it('answer the dashboard at /api/clients/dashboard rather than a client of that id', async () => {
    const token = await t.signIn('sales');
    await buildClient(t, { companyId: 'dashboard' });
    const response = await request(t.app)
      .get('/api/clients/dashboard')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(response.body).toHaveProperty('stats');
  });
});
