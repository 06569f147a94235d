import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A running server the bench sends load to. */
export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** An API process started by the bench: with WORKERS=n, `pid` is the supervising primary's. */
export interface ApiServer extends BenchServer {
  port: number;
  pid: number;
}

/** Resolves once `url` answers 200 (polling), or rejects after `timeoutMs`. */
async function waitUntilReady(
  url: string,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/**
 * The built API (apps/api/dist/main.js) as its own process, as in production, on a free port,
 * serving the built console too. Warnings and errors of its log go to the bench's stderr, or to
 * `logFile` (appended) when a run expects many (the soak's database cut).
 */
export async function startApi(
  env: Record<string, string>,
  options: { logFile?: string } = {},
): Promise<ApiServer> {
  const port = await freePort();
  const log = options.logFile ? openSync(options.logFile, 'a') : 'inherit';
  const url = `http://127.0.0.1:${port}`;
  return startServer(['apps/api/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CONSOLE_DIST: `${root}/apps/console/dist`,
      ...env,
    },
    log,
    url,
    readyUrl: `${url}/ready`,
    port,
  });
}

/**
 * A bare Express hello-world as a process of its own, started as the API is: the yardstick of the
 * API's memory at rest (the bench's own process holds the load generator and the data it sends).
 */
export async function startBareExpressProcess(): Promise<ApiServer> {
  const port = await freePort();
  const source = `import express from 'express';
const app = express();
app.get('/', (_req, res) => { res.json({ hello: 'world' }); });
app.listen(${port}, '127.0.0.1');`;
  const url = `http://127.0.0.1:${port}/`;
  return startServer(['--input-type=module', '-e', source], {
    env: process.env,
    log: 'inherit',
    url,
    readyUrl: url,
    port,
  });
}

/**
 * Node running `args` from the repository's root, once `readyUrl` answers (stopped if it never
 * does). Its stderr goes to `log`: the bench's, or a file descriptor the child keeps a copy of.
 */
async function startServer(
  args: string[],
  options: {
    env: NodeJS.ProcessEnv;
    log: number | 'inherit';
    url: string;
    readyUrl: string;
    port: number;
  },
): Promise<ApiServer> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: options.env,
    stdio: ['ignore', 'ignore', options.log],
  });
  if (typeof options.log === 'number') closeSync(options.log); // The child holds its own copy.
  try {
    await waitUntilReady(options.readyUrl, child);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url: options.url, port: options.port, pid: child.pid!, stop: () => stopChild(child) };
}

/** A bare Express hello-world in this process: the yardstick every figure is set beside. */
export async function startBareExpress(): Promise<BenchServer> {
  const app = express();
  app.get('/', (_req, res) => {
    res.json({ hello: 'world' });
  });
  const port = await freePort();
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
