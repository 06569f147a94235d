import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { defineRoute, type Route } from '../http/route';
import { buildOpenApiDocument } from './openapi-document';

const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API documentation</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/docs-init.js"></script>
  </body>
</html>
`;

// A file rather than an inline script: the Content-Security-Policy allows scripts from 'self' only.
const docsInitScript = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** The machine-readable document and the browsable page, generated from `documentedRoutes`. */
export function openApiRoutes(documentedRoutes: readonly Route[]): Route[] {
  const document = buildOpenApiDocument(documentedRoutes);
  return [
    defineRoute({
      method: 'get',
      path: '/api/openapi.json',
      summary: 'OpenAPI 3.1 document of this API',
      tags: ['docs'],
      access: 'public',
      response: z.record(z.string(), z.unknown()),
      handler: () => document,
    }),
    defineRoute({
      method: 'get',
      path: '/api/docs',
      summary: 'Browsable API documentation (Swagger UI)',
      tags: ['docs'],
      access: 'public',
      response: { 200: { contentType: 'text/html', description: 'Swagger UI page' } },
      handler: ({ res }) => {
        res.type('html').send(docsPage);
      },
    }),
  ];
}

/** Swagger UI's files, served from the installed swagger-ui-dist package (no CDN). */
export function docsAssets(): RequestHandler {
  const swaggerUiFolder = dirname(
    createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
  );
  const files = express.static(swaggerUiFolder, { index: false, maxAge: '1d' });
  return (req, res, next) => {
    if (req.path === '/docs-init.js') {
      res.type('text/javascript').send(docsInitScript);
      return;
    }
    files(req, res, next);
  };
}
