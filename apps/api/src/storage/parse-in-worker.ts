import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParserReply } from './serve-parser';

/** What a parser worker may spend on one file before it is stopped. */
export interface ParserLimits {
  /** Time for the parse itself, counted once the worker has loaded. */
  timeoutMs: number;
  /** The worker's V8 heap (old generation); buffers are held down by the parser's own caps. */
  maxHeapMb: number;
}

/** Limits for a file a few MiB of which are read: a few seconds and a small heap. */
export const defaultParserLimits: ParserLimits = { timeoutMs: 5_000, maxHeapMb: 64 };

/**
 * Why a file was refused: the parser's own problem (`not-a-zip`, `manifest-too-large`...) with a
 * detail, or the host's: `timeout` (the parse ran past its time) and `out-of-memory`.
 */
export type ParseOutcome<T> = ParserReply<T>;

/** A worker that has not even loaded after this long is stopped (a stuck disk, a starved host). */
const loadTimeoutMs = 30_000;
/** Parses running at once; more wait, so a burst of uploads cannot start a worker each. */
const maxParallelParses = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function takeSlot(): Promise<void> {
  if (running < maxParallelParses) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Runs the parser worker `entry` (a `*.worker.ts` file beside its module, built to
 * `dist/<name>.js`) on the file at `path`, in a worker thread with its own heap limit and a time
 * limit: a file that makes a parser loop, recurse or allocate without end stops that worker,
 * never the event loop that serves everyone else. Resolves with the parser's value or the problem.
 */
export async function parseInWorker<T>(
  entry: URL,
  path: string,
  limits: ParserLimits = defaultParserLimits,
): Promise<ParseOutcome<T>> {
  await takeSlot();
  try {
    return await runWorker<T>(entry, path, limits);
  } finally {
    releaseSlot();
  }
}

async function runWorker<T>(
  entry: URL,
  path: string,
  limits: ParserLimits,
): Promise<ParseOutcome<T>> {
  const worker = await startWorker(entry, limits);
  return new Promise<ParseOutcome<T>>((resolve, reject) => {
    let timer = setTimeout(() => finish({ ok: false, problem: 'timeout' }), loadTimeoutMs);
    const finish = (outcome: ParseOutcome<T> | Error) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      // Errors after the end (a late exit) have nowhere to go; terminating ends the thread.
      worker.on('error', () => {});
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    worker.on('message', (reply: ParserReply<T> | 'ready') => {
      if (reply !== 'ready') {
        finish(reply);
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => finish({ ok: false, problem: 'timeout' }), limits.timeoutMs);
      worker.postMessage(path);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        finish({ ok: false, problem: 'out-of-memory' });
      else finish(error);
    });
    // A parser left waiting on nothing ends its thread without a reply: it could not read the file.
    worker.on('exit', () => finish({ ok: false, problem: 'unreadable' }));
  });
}

/** True when this code runs from TypeScript source (tests, tsx), false in the esbuild bundle. */
const runningFromSource = import.meta.url.endsWith('.ts');

/** Worker code bundled from source on first use, per entry (source runs only). */
const sourceBundles = new Map<string, Promise<string>>();

async function startWorker(entry: URL, limits: ParserLimits): Promise<Worker> {
  const resourceLimits = {
    maxOldGenerationSizeMb: limits.maxHeapMb,
    maxYoungGenerationSizeMb: 16,
    stackSizeMb: 4,
  };
  if (!runningFromSource) {
    // The bundle's code runs from dist/main.js; build.mjs writes each worker beside it.
    const bundled = new URL(
      `./${basename(entry.pathname).replace(/\.ts$/, '.js')}`,
      import.meta.url,
    );
    return new Worker(bundled, { resourceLimits });
  }
  // From source, the entry is bundled the way build.mjs bundles it (so tests run what ships) and
  // run as one script: a worker that loads TypeScript through a loader starts several times slower.
  let code = sourceBundles.get(entry.href);
  if (!code) {
    code = bundleFromSource(entry);
    sourceBundles.set(entry.href, code);
    code.catch(() => sourceBundles.delete(entry.href));
  }
  return new Worker(await code, { eval: true, resourceLimits });
}

async function bundleFromSource(entry: URL): Promise<string> {
  // esbuild is a development dependency: it exists wherever the source runs.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
