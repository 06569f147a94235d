import express, { type ErrorRequestHandler, type Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from './app-context';
import { defineRoute, mountRoutes, type Route } from './route';

/** An app serving one public route, keeping every error that reaches the error middleware. */
function appServing(answer: (res: Response) => void) {
  const failures: unknown[] = [];
  const app = express();
  const route = defineRoute({
    method: 'get',
    path: '/file',
    summary: 'A file',
    tags: ['test'],
    access: 'public',
    response: z.object({ success: z.boolean() }),
    handler: ({ res }) => answer(res),
  }) as unknown as Route;
  mountRoutes(app, [route], {} as AppContext, { compress: false });
  const keepFailure: ErrorRequestHandler = (error, _req, res, _next) => {
    failures.push(error);
    res.status(500).end();
  };
  app.use(keepFailure);
  return { app, failures };
}

describe('mountRoutes', () => {
  it('fails a handler that neither answered nor returned a body', async () => {
    const { app, failures } = appServing(() => {});
    await request(app).get('/file').expect(500);
    expect(String(failures[0])).toMatch(/neither answered nor returned a body/);
  });

  it('lets a stream end quietly when its caller hung up before the first byte', async () => {
    const { app, failures } = appServing((res) => res.destroy());
    await expect(request(app).get('/file')).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(failures).toEqual([]);
  });
});
