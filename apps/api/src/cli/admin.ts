/**
 * Operator commands for someone with server access, against the configured database:
 *   npm run admin -- reset-2fa <email>
 *   npm run admin -- create-superadmin [--email <email>] [--name <name>] [--password <password>] [--force]
 *   npm run admin -- verify-audit
 * create-superadmin prompts for what the flags leave out (the password without echo). verify-audit
 * walks the audit trail's hash chain: exit 0 and OK with the count, or exit 2 naming the first
 * broken row (docs/audit-trail.md).
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../http/logger';
import type { AppContext } from '../http/app-context';
import {
  AdminCommandError,
  createSuperadmin,
  resetTwoFactor,
} from '../modules/auth/operator.service';
import { describeAuditChainVerdict, verifyAuditChain } from '../modules/audit/audit-chain.service';
import { createServices } from '../services';

const usage = `Usage:
  npm run admin -- reset-2fa <email>
  npm run admin -- create-superadmin [--email <email>] [--name <name>] [--password <password>] [--force]
  npm run admin -- verify-audit`;

const commands = new Set(['reset-2fa', 'create-superadmin', 'verify-audit']);

/** Exit status of verify-audit when the chain is broken (1 is a failed command). */
const brokenChainStatus = 2;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  if (!commands.has(command)) {
    console.error(`Unknown command: ${command}\n${usage}`);
    return 1;
  }
  if (command === 'reset-2fa' && !argument) {
    console.error(`reset-2fa needs the account's email.\n${usage}`);
    return 1;
  }

  const config = loadConfig(process.env);
  // Warnings only: the operator reads the command's own output.
  const logger = createLogger({ logLevel: 'warn' });
  const services = await createServices(config, { logger });
  try {
    if (command === 'verify-audit') {
      const verdict = await verifyAuditChain(services.db);
      console.log(describeAuditChainVerdict(verdict));
      return verdict.ok ? 0 : brokenChainStatus;
    }
    const outcome =
      command === 'reset-2fa'
        ? await resetTwoFactor(services, argument!)
        : await createSuperadminInteractively(services, values);
    console.log(outcome);
    return 0;
  } finally {
    await services.close();
  }
}

async function createSuperadminInteractively(
  deps: AppContext,
  flags: { email?: string; name?: string; password?: string; force: boolean },
): Promise<string> {
  const prompter = createPrompter();
  try {
    return await createSuperadmin(deps, {
      email: flags.email ?? (await prompter.ask('Email: ')),
      name: flags.name ?? (await prompter.ask('Full name: ')),
      password: flags.password ?? (await prompter.ask('Password: ', { hidden: true })),
      force: flags.force,
    });
  } finally {
    prompter.close();
  }
}

/**
 * Asks for missing values on the terminal, one line each; a hidden answer is not echoed. Lines
 * are read through one iterator, so piped input (`printf ... | npm run admin ...`) works too.
 */
function createPrompter() {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const lines = terminal[Symbol.asyncIterator]();
  return {
    async ask(question: string, options: { hidden?: boolean } = {}): Promise<string> {
      process.stdout.write(question);
      muted = options.hidden ?? false;
      try {
        const line = await lines.next();
        return line.done ? '' : String(line.value).trim();
      } finally {
        if (muted) process.stdout.write('\n');
        muted = false;
      }
    },
    close: () => terminal.close(),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminCommandError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (isArgumentError(error)) {
      console.error(`${error.message}\n${usage}`);
    } else {
      console.error('The command failed:', error);
    }
    process.exit(1);
  },
);

function isArgumentError(error: unknown): error is Error {
  return (
    error instanceof Error &&
    String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')
  );
}
