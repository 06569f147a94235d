/**
 * Benchmarks on provider-scale data, each configuration beside a bare Express hello-world run in
 * the same process at the same time of day:
 *   npm run bench                                (1/10 and 1x on PostgreSQL, 1/10 on PGlite)
 *   npm run bench -- --configs 0.1:postgres      (one configuration)
 *   npm run bench -- --only "client area"        (one suite)
 *   npm run bench -- --uncached                  (snapshots and answer caches off: ANSWER_CACHES=off)
 *   npm run bench -- --soak [--soak-minutes 1]   (the soak against two workers, 1x by default)
 * Seeds the scale databases first when they are missing (npm run seed:scale), builds the API and
 * the console (from the Nx cache when unchanged), prints a markdown table, writes it with the
 * run's date, machine, versions and commit to tools/bench/results/latest.md and, after a run of
 * every suite, docs/benchmarks.md from it.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ensureScaleDatabase, openTarget, scaleTarget } from '../seed-scale/scale-database';
import type { BenchContext, LatencyRow } from './bench-context';
import { benchmarksDoc, latestResults } from './benchmarks-doc';
import { measureThroughput, tailOf, type LatencyFigures } from './load';
import { memoryAtRest } from './memory-at-rest';
import { startApi, startBareExpress } from './processes';
import { ms, type Figure } from './report';
import { currentLoad, redisVersion, runInfo } from './run-info';
import { runSoak } from './soak';
import { benchStaffToken } from './staff-token';
import { suites } from './suites';
import { renewalsSuite, skipDayRenewalRun } from './suites/renewals.bench';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dialectNames = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const pageGoalMs = 50;
const defaultConfigs = '0.1:postgres,1:postgres,0.1:pglite';

type Config = { scale: number; dialect: 'postgres' | 'pglite' };

const configLabel = (config: Config) => `${config.scale}x ${dialectNames[config.dialect]}`;

function parseConfigs(text: string): Config[] {
  return text.split(',').map((entry) => {
    const [scale, dialect = 'postgres'] = entry.split(':');
    if (dialect !== 'postgres' && dialect !== 'pglite')
      throw new Error(`Unknown dialect ${dialect}`);
    return { scale: Number(scale), dialect };
  });
}

/** Builds every time (Nx answers from its cache when nothing changed): a stale build measures old code. */
function ensureBuilt(): void {
  console.log('building the API and the console...');
  execSync('npx nx run-many -t build -p api console', { cwd: root, stdio: 'inherit' });
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      configs: { type: 'string' },
      only: { type: 'string' },
      'server-url': { type: 'string' },
      'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
      soak: { type: 'boolean', default: false },
      uncached: { type: 'boolean', default: false },
      'soak-minutes': { type: 'string', default: '5' },
    },
  });
  const configs = parseConfigs(values.configs ?? (values.soak ? '1:postgres' : defaultConfigs));
  const labelOf = (config: Config) => `${configLabel(config)}${values.uncached ? ' uncached' : ''}`;
  const loadAtStart = currentLoad();
  ensureBuilt();
  if (values.soak) {
    const minutes = Number(values['soak-minutes']);
    if (configs[0]!.dialect !== 'postgres' || !(minutes > 0)) {
      throw new Error(
        '--soak needs PostgreSQL (e.g. --configs 0.1:postgres) and --soak-minutes > 0',
      );
    }
    const summary = await runSoak({
      scale: configs[0]!.scale,
      serverUrl: values['server-url'],
      redisUrl: values['redis-url'],
      minutes,
      log: (line) => console.log(line),
    });
    console.log(`\n${summary}\n`);
    return;
  }
  const figures: Figure[] = [];
  /** The tail of each latency row by data set and id, for the 1x rows' "twice the 1/10" goal. */
  const tails = new Map<string, number>();
  let postgresVersion: string | undefined;

  for (const config of configs) {
    const label = labelOf(config);
    console.log(`\n== ${label}`);
    const options = {
      ...config,
      serverUrl: values['server-url'],
      log: (line: string) => console.log(line),
    };
    const seeded = await ensureScaleDatabase(options);
    if (seeded.seededNow) {
      figures.push({
        id: 'seed-scale',
        config: label,
        name: `seed:scale (${seeded.clients} clients, ${seeded.licences} licences, ${seeded.activities} activities)`,
        value: `${seeded.seconds.toFixed(0)} s`,
        goal: config.scale >= 10 ? '< 15 minutes' : 'a few minutes',
        pass: seeded.seconds < (config.scale >= 10 ? 900 : 300),
      });
    }
    const target = scaleTarget(options);
    const jwtSecret = randomBytes(32).toString('hex');
    const chosen = suites.filter(
      (suite) =>
        (!values.only || suite.name === values.only) && (suite.appliesTo?.(config) ?? true),
    );
    // The embedded database admits one process: read what the suites need before the API starts.
    const setup = await openTarget(target);
    let token: string;
    const prepared = new Map<string, unknown>();
    try {
      // What autovacuum does on a running server (it may be off where the bench runs): earlier
      // runs' heartbeats, payments and crash reports leave dead rows that every scan would read.
      await setup.db.execute(sql`vacuum (analyze)`);
      if (target.dialect === 'postgres') {
        const [row] = (await setup.db.execute<{ server_version: string }>(sql`show server_version`))
          .rows;
        postgresVersion = row?.server_version;
      }
      token = await benchStaffToken(setup, jwtSecret);
      for (const suite of chosen) prepared.set(suite.name, await suite.prepare?.(setup));
      if (!chosen.some((suite) => suite.name === renewalsSuite.name)) {
        await skipDayRenewalRun(setup);
      }
    } finally {
      await setup.close();
    }
    const apiEnv = {
      JWT_SECRET: jwtSecret,
      ...(values.uncached ? { ANSWER_CACHES: 'off' } : {}),
      ...(target.dialect === 'postgres'
        ? { DATABASE_URL: target.databaseUrl }
        : { DATA_DIR: target.dataDir }),
    };
    const api = await startApi(apiEnv);
    const bare = await startBareExpress();
    try {
      figures.push({ config: label, ...(await memoryAtRest(api)) });
      const bareRps = (
        await measureThroughput({ url: bare.url, connections: 50, durationSeconds: 10 })
      ).rps;
      figures.push({
        id: 'bare-express',
        config: label,
        name: 'bare Express hello-world, requests/s at 50 connections',
        value: bareRps.toFixed(0),
        goal: 'yardstick',
      });
      const context: BenchContext = {
        config: label,
        ...config,
        api,
        bareRps,
        token,
        redisUrl: values['redis-url'],
        startApi: (env) => startApi({ ...apiEnv, ...env }),
        tenthTail: (id) => tails.get(`0.1:${config.dialect}:${id}`),
        latency: (row, measured) => {
          const tail = tailOf(measured);
          tails.set(`${config.scale}:${config.dialect}:${row.id}`, tail.value);
          const tenth = config.scale === 1 ? context.tenthTail(row.id) : undefined;
          // Page goals hold from provider scale up (1x and the 10x of a growing provider).
          const goals = config.scale >= 1 && config.dialect === 'postgres' && !row.cached;
          figures.push({
            id: row.id,
            config: label,
            ...latencyFigure(row, measured, goals ? { tenth } : undefined),
          });
        },
        record: (figure) => figures.push({ config: label, ...figure }),
        log: (line) => console.log(line),
      };
      for (const suite of chosen) {
        console.log(`- ${suite.name}`);
        await suite.run(context, prepared.get(suite.name));
      }
    } finally {
      await bare.stop();
      await api.stop();
    }
  }

  const redis = await redisVersion(values['redis-url']);
  const info = runInfo(root, { postgres: postgresVersion, redis }, loadAtStart);
  const measured = configs.map(labelOf);
  const latest = latestResults(info, figures, {
    measured,
    notMeasured: parseConfigs(defaultConfigs)
      .map(configLabel)
      .filter((label) => !measured.includes(label)),
  });
  console.log(`\n${latest}`);
  const latestUrl = new URL('results/latest.md', import.meta.url);
  writeFileSync(latestUrl, latest);
  if (!values.only) {
    writeFileSync(
      join(root, 'docs', 'benchmarks.md'),
      benchmarksDoc(readFileSync(latestUrl, 'utf8')),
    );
    console.log('docs/benchmarks.md written from tools/bench/results/latest.md');
  }
}

/**
 * A latency row's words: p50 and the tail (p95 of at least 100 samples, else "max of N"), and
 * with `goals` the page-request goal on the tail: at most 50 ms and at most twice the 1/10 one.
 */
function latencyFigure(
  row: LatencyRow,
  measured: LatencyFigures,
  goals?: { tenth: number | undefined },
): Omit<Figure, 'id' | 'config'> {
  const tail = tailOf(measured);
  const notes = [
    ...(row.note ? [row.note] : []),
    ...(measured.errors ? [`${measured.errors} errors`] : []),
  ];
  const value = `${ms(measured.p50)} / ${ms(tail.value)}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  const name = `${row.name}${row.cached ? ', one request repeated (cached)' : ''} (p50 / ${tail.label})`;
  if (!goals) {
    return { name, value, goal: 'reported', pass: measured.errors === 0 ? undefined : false };
  }
  const { tenth } = goals;
  return {
    name,
    value,
    goal: `${tail.label} <= ${pageGoalMs} ms${tenth === undefined ? '' : ` and <= 2 x ${ms(tenth)}`}`,
    pass:
      tail.value <= pageGoalMs &&
      (tenth === undefined || tail.value <= 2 * tenth) &&
      measured.errors === 0,
  };
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
