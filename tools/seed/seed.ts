/**
 * Fills the configured database with demo clients, licences, activity, billing documents, app
 * releases and their devices' sessions (release health):
 *   npm run seed                 (skips a database that already has clients)
 *   npm run seed -- --reset      (deletes every client, licence and activity first)
 *   npm run seed -- --clients 20
 * Reads DATA_DIR / DATABASE_URL like the server. The embedded database (no DATABASE_URL) belongs
 * to one process at a time: run the seed before `npm start`, not while the server runs.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { uploadsDirectory } from '../../apps/api/src/storage/uploads';
import { seedDemoData } from './seed-database';

const usage = `Usage: npm run seed -- [--reset] [--clients <n>]
  --reset        delete every client, licence, activity and billing document before seeding
  --clients <n>  number of client companies, 1 to 42 (default 40)
Uses DATA_DIR (default ./data) or DATABASE_URL, like the server.`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      reset: { type: 'boolean', default: false },
      clients: { type: 'string', default: '40' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const clientCount = Number(values.clients);
  if (!Number.isInteger(clientCount) || clientCount < 1 || clientCount > 42) {
    console.error(`--clients must be a whole number from 1 to 42.\n${usage}`);
    return 1;
  }
  const config = loadConfig(process.env);
  if (!config.databaseUrl && (await serverAnswers(config))) {
    console.error(
      `The API answers on port ${config.port} and may hold the embedded database in ${config.dataDir}.\n` +
        'Stop the server, run the seed, then start it again (or use a PostgreSQL server via DATABASE_URL).',
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await seedDemoData(database.db, {
      reset: values.reset,
      clients: clientCount,
      uploadsDirectory: uploadsDirectory(config.dataDir),
    });
    if (!result.seeded) {
      console.log(
        `The database already has ${result.existingClients} clients; nothing seeded. ` +
          'Run with --reset to replace every client, licence and activity with demo data.',
      );
      return 0;
    }
    const where = config.databaseUrl ? 'the PostgreSQL server' : config.dataDir;
    console.log(
      `Seeded ${result.clients} clients, ${result.licences} licences, ${result.activities} activities, ` +
        `${result.billing.products} products, ${result.billing.quotations} quotations, ` +
        `${result.billing.invoices} invoices and ${result.billing.receipts} receipts, ` +
        `${result.releases.releases} app releases and ` +
        `${result.releases.sessions.toLocaleString('en')} sessions into ${where}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** True when something answers the server's readiness probe on the configured port. */
async function serverAnswers(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/ready`, {
      signal: AbortSignal.timeout(1_000),
    });
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
