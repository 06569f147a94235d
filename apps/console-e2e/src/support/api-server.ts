import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from './paths';

const serverEntry = 'apps/api/dist/main.js';
const consoleEntry = 'apps/console/dist/index.html';
// A fresh PGlite migrates before it answers: on a busy two-core machine that can take a minute.
const healthTimeoutMs = 180_000;
const stopTimeoutMs = 10_000;
const outputTailChars = 8_000;

// The API's own settings are not inherited from the shell, so a run does not depend on (or
// send mail through) whatever the developer has configured.
const apiSettings = [
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'APP_URL',
  'JWT_SECRET',
  'CONSOLE_DIST',
  'RELEASE_HEALTH_INTERVAL_SECONDS',
];

export interface ApiServerOptions {
  /** Directory the server keeps its data in (PGlite files, uploads, generated secret). */
  dataDir: string;
  /** PostgreSQL connection string; without it the server uses its embedded PGlite. */
  databaseUrl?: string;
  /** Mail server (e.g. a test's SMTP sink); without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  /** File name of the server's log under artifacts/ (default server.log), for a second server. */
  logName?: string;
  /** A console build to serve instead of apps/console/dist (e.g. a copy a journey rewrites). */
  consoleDist?: string;
  /** More of the API's settings, e.g. MYINVOIS_* pointing at the MyInvois stand-in. */
  env?: Record<string, string>;
}

export interface RunningApiServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the built API (which also serves the built console) and waits until /health answers. */
export async function startApiServer(options: ApiServerOptions): Promise<RunningApiServer> {
  for (const entry of [serverEntry, consoleEntry]) {
    if (!existsSync(join(repoRoot, entry))) {
      throw new Error(
        `${entry} is missing: build first with \`npx nx run-many -t build -p api console\``,
      );
    }
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...withoutApiSettings(process.env),
    PORT: String(port),
    DATA_DIR: options.dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  if (options.consoleDist) env.CONSOLE_DIST = options.consoleDist;
  Object.assign(env, options.env);

  await mkdir(artifactsDir, { recursive: true });
  const logName = options.logName ?? 'server.log';
  const log = createWriteStream(join(artifactsDir, logName));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderrTail = '';
  child.stdout.pipe(log, { end: false });
  child.stderr.on('data', (chunk: Buffer) => {
    log.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-outputTailChars);
  });

  try {
    await waitForHealth(baseUrl, child, () => stderrTail, logName);
  } catch (error) {
    await stopProcess(child);
    log.end();
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      await stopProcess(child);
      log.end();
    },
  };
}

function withoutApiSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !apiSettings.includes(name)));
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  stderr: () => string,
  logName: string,
): Promise<void> {
  const deadline = Date.now() + healthTimeoutMs;
  const failure = (reason: string) =>
    new Error(
      `${reason}\n--- server stderr (see apps/console-e2e/artifacts/${logName}) ---\n${stderr()}`,
    );
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw failure(`The API server exited early (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet: keep polling until the deadline.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw failure(
    `The API server did not answer ${baseUrl}/health within ${healthTimeoutMs / 1000} s`,
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(killTimer);
}
