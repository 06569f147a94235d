/**
 * Fills a database with the provider-scale data set of issue 9 through bulk SQL:
 *   npm run seed:scale -- --scale 1            (PostgreSQL, database patrol_scale_1x)
 *   npm run seed:scale -- --scale 0.1 --dialect pglite
 *   npm run seed:scale -- --scale 1 --reset    (drop and seed again)
 * Scale 1: 5,000 clients, about 500,000 licences (half bound), 1,000,000 activity rows.
 */
import { parseArgs } from 'node:util';
import { ensureScaleDatabase } from './scale-database';

const usage = `Usage: npm run seed:scale -- [--scale 1|0.1|10] [--dialect postgres|pglite]
  [--server-url postgres://user@host:5432/postgres] [--data-root DIR] [--reset]`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1' },
      dialect: { type: 'string', default: 'postgres' },
      'server-url': { type: 'string' },
      'data-root': { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const scale = Number(values.scale);
  const dialect = values.dialect;
  if (!(scale > 0 && scale <= 10) || (dialect !== 'postgres' && dialect !== 'pglite')) {
    console.error(usage);
    return 1;
  }
  const summary = await ensureScaleDatabase({
    scale,
    dialect,
    serverUrl: values['server-url'] ?? process.env.DATABASE_URL,
    dataRoot: values['data-root'],
    reset: values.reset,
    log: (line) => console.log(line),
  });
  const where =
    summary.target.dialect === 'postgres' ? summary.target.databaseUrl : summary.target.dataDir;
  console.log(
    `${summary.seededNow ? 'Seeded' : 'Already seeded'}: ${summary.clients} clients, ` +
      `${summary.licences} licences, ${summary.activities} activities in ${where} ` +
      `(${summary.seconds.toFixed(1)} s).`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
