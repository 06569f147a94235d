import { join } from 'node:path';
import type { RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

const missingBuildMessage =
  'The console has not been built yet. Run `npm run build` (or `npm start`), then reload this page.\n';

/**
 * Serves the built console: the brotli or gzip file the build wrote beside each asset when the
 * browser accepts it (nothing is compressed per request); hashed files under /assets are cached
 * for a year, everything else (index.html above all) is revalidated so a new release shows up on
 * the next load.
 */
export function serveConsoleFiles(consoleDist: string): RequestHandler {
  const assets = join(consoleDist, 'assets');
  return expressStaticGzip(consoleDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    },
  });
}

/** SPA fallback: any non-API GET that accepts HTML gets index.html, so client routes survive a reload. */
export function consoleFallback(consoleDist: string): RequestHandler {
  const indexFile = join(consoleDist, 'index.html');
  return (req, res, next) => {
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') && req.accepts('html') === 'html';
    if (!wantsPage || req.path === '/api' || req.path.startsWith('/api/')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile, (error?: NodeJS.ErrnoException) => {
      if (!error) return;
      if (error.code === 'ENOENT' && !res.headersSent) answerMissingBuild(res);
      else next(error);
    });
  };
}

function answerMissingBuild(res: Response): void {
  res.status(404).type('text/plain').send(missingBuildMessage);
}
