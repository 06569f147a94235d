/**
 * Benchmarks on provider-scale data, each configuration beside a bare Express hello-world run in
 * the same process at the same time of day:
 *   npm run bench                                (1/10 and 1x on PostgreSQL, 1/10 on PGlite)
 *   npm run bench -- --configs 0.1:postgres      (one configuration)
 *   npm run bench -- --only "client area"        (one suite)
 *   npm run bench -- --soak [--soak-minutes 1]   (the soak against two workers, 1x by default)
 * Seeds the scale databases first when they are missing (npm run seed:scale), builds the API and
 * the console (from the Nx cache when unchanged), prints a markdown table and writes it to
 * tools/bench/results/latest.md.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ensureScaleDatabase, openTarget, scaleTarget } from '../seed-scale/scale-database';
import type { BenchContext } from './bench-context';
import { measureThroughput } from './load';
import { startApi, startBareExpress } from './processes';
import { markdownTable, ms, type Figure } from './report';
import { runSoak } from './soak';
import { benchStaffToken } from './staff-token';
import { suites } from './suites';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dialectNames = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const pageGoalMs = 50;

type Config = { scale: number; dialect: 'postgres' | 'pglite' };

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
      'soak-minutes': { type: 'string', default: '5' },
    },
  });
  const defaultConfigs = values.soak ? '1:postgres' : '0.1:postgres,1:postgres,0.1:pglite';
  const configs = parseConfigs(values.configs ?? defaultConfigs);
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
  const p95s = new Map<string, number>();

  for (const config of configs) {
    const label = `${config.scale}x ${dialectNames[config.dialect]}`;
    console.log(`\n== ${label}`);
    const options = {
      ...config,
      serverUrl: values['server-url'],
      log: (line: string) => console.log(line),
    };
    const seeded = await ensureScaleDatabase(options);
    if (seeded.seededNow) {
      figures.push({
        config: label,
        name: `seed:scale (${seeded.clients} clients, ${seeded.licences} licences, ${seeded.activities} activities)`,
        value: `${seeded.seconds.toFixed(0)} s`,
        goal: 'a few minutes',
        pass: seeded.seconds < 300,
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
      token = await benchStaffToken(setup, jwtSecret);
      for (const suite of chosen) prepared.set(suite.name, await suite.prepare?.(setup));
    } finally {
      await setup.close();
    }
    const apiEnv = {
      JWT_SECRET: jwtSecret,
      ...(target.dialect === 'postgres'
        ? { DATABASE_URL: target.databaseUrl }
        : { DATA_DIR: target.dataDir }),
    };
    const api = await startApi(apiEnv);
    const bare = await startBareExpress();
    try {
      const bareRps = (
        await measureThroughput({ url: bare.url, connections: 50, durationSeconds: 10 })
      ).rps;
      figures.push({
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
        tenthP95: (name) => p95s.get(`0.1:${config.dialect}:${name}`),
        latency: (name, measured) => {
          p95s.set(`${config.scale}:${config.dialect}:${name}`, measured.p95);
          const tenth = config.scale === 1 ? context.tenthP95(name) : undefined;
          const goals = config.scale === 1 && config.dialect === 'postgres';
          const pass = goals
            ? measured.p95 <= pageGoalMs &&
              (tenth === undefined || measured.p95 <= 2 * tenth) &&
              measured.errors === 0
            : measured.errors === 0
              ? undefined
              : false;
          figures.push({
            config: label,
            name: `${name} (p50 / p95)`,
            value: `${ms(measured.p50)} / ${ms(measured.p95)}${measured.errors ? ` (${measured.errors} errors)` : ''}`,
            goal: goals
              ? `p95 <= ${pageGoalMs} ms${tenth === undefined ? '' : ` and <= 2 x ${ms(tenth)}`}`
              : 'reported',
            pass,
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

  const header =
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.version}; each configuration ` +
    'beside a bare Express hello-world in the same run.';
  const table = `${header}\n\n${markdownTable(figures)}\n`;
  console.log(`\n${table}`);
  writeFileSync(new URL('results/latest.md', import.meta.url), table);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
