import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleRoutes } from '../src/app';
import { toOpenApiPath } from '../src/openapi/openapi-document';
import { createTestContext, type TestContext } from './test-context';

describe('API documentation', () => {
  let test: TestContext;
  beforeAll(async () => {
    test = await createTestContext();
  });
  afterAll(() => test.close());

  it('lists every declared module route in the OpenAPI 3.1 document', async () => {
    const response = await request(test.app).get('/api/openapi.json').expect(200);
    expect(response.body.openapi).toBe('3.1.0');
    for (const route of moduleRoutes) {
      const operation = response.body.paths[toOpenApiPath(route.path)]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toMatchObject({ summary: route.summary });
    }
    expect(response.body.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
  });

  it('documents the readiness answers per status', async () => {
    const response = await request(test.app).get('/api/openapi.json');
    const ready = response.body.paths['/ready'].get;
    expect(Object.keys(ready.responses)).toEqual(expect.arrayContaining(['200', '503']));
    expect(ready.security).toEqual([]);
  });

  it('converts Express path parameters to OpenAPI templates', () => {
    expect(toOpenApiPath('/api/clients/:companyId/licences/:key')).toBe(
      '/api/clients/{companyId}/licences/{key}',
    );
  });

  it('serves Swagger UI from local files, with its start-up script as a file', async () => {
    const page = await request(test.app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).not.toMatch(/<script>[^<]/);
    await request(test.app)
      .get('/api/docs/swagger-ui-bundle.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    await request(test.app).get('/api/docs/swagger-ui.css').expect(200);
    const init = await request(test.app).get('/api/docs/docs-init.js').expect(200);
    expect(init.text).toContain("url: '/api/openapi.json'");
  });
});
