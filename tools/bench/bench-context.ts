import type { Database } from '../../apps/api/src/db/client';
import type { LatencyFigures } from './load';
import type { ApiServer, BenchServer } from './processes';
import type { Figure } from './report';

/** A latency row: its stable id and the words the table shows. */
export interface LatencyRow {
  /** Matches the row across data sets (the 1/10 figure) and runs; never embeds a size. */
  id: string;
  name: string;
  /**
   * One identical request repeated: after the first, the clients list's one-second answer cache
   * answers it (and the rows it reads stay warm for the others), so it has no goal.
   */
  cached?: boolean;
  /** Said after the figures, e.g. what the rotation of varied requests was. */
  note?: string;
}

/** What a bench suite gets: the running API, a staff token, the data set, and where to write. */
export interface BenchContext {
  /** e.g. "1x PostgreSQL". */
  config: string;
  scale: number;
  dialect: 'postgres' | 'pglite';
  api: BenchServer;
  /** Requests a second of the bare Express hello-world at 50 connections, in this run. */
  bareRps: number;
  /** A superadmin's access token. */
  token: string;
  /** Redis for runs of several API processes (--redis-url). */
  redisUrl: string;
  /**
   * Another API on the same database and secret with `env` added (e.g. REDIS_URL); the suite
   * stops it. PostgreSQL only: the embedded database admits one process.
   */
  startApi(env: Record<string, string>): Promise<ApiServer>;
  /** The tail (p95, or max of few) of row `id` on the 1/10 data set of the same database. */
  tenthTail(id: string): number | undefined;
  /**
   * Records p50 and the tail: at 1x on PostgreSQL an uncached row's goal is a tail of at most
   * 50 ms and at most twice the 1/10 figure of the same id.
   */
  latency(row: LatencyRow, figures: LatencyFigures): void;
  record(figure: Omit<Figure, 'config'>): void;
  log(line: string): void;
}

/** A group of measures, run once per configuration. */
export interface BenchSuite<Prepared = unknown> {
  name: string;
  /** False to skip a configuration (e.g. browser figures once per run). */
  appliesTo?(config: { scale: number; dialect: 'postgres' | 'pglite' }): boolean;
  /**
   * Reads what the requests need (ids, tokens) from the data set before the API starts: the
   * embedded database admits one process at a time. Never timed.
   */
  prepare?(database: Database): Promise<Prepared>;
  run(context: BenchContext, prepared: Prepared): Promise<void>;
}

/** Declares a suite with its prepared data typed; the runner holds suites with that type erased. */
export function defineSuite<Prepared>(suite: BenchSuite<Prepared>): BenchSuite {
  // Safe: the runner hands run() exactly what the same suite's prepare() answered.
  return suite as unknown as BenchSuite;
}
