/**
 * Runs simulated patrol devices against a server: each activates with a licence key and then
 * reports every interval, until the duration ends or Ctrl-C.
 *
 *   npm run device-sim -- --keys MP-AAAA-...,MP-BBBB-... [--interval 10] [--duration 600]
 *   npm run device-sim -- --keys-file keys.txt --devices 20
 *   npm run device-sim -- --company ACME-01 --token <access token>   (its available licences)
 *   npm run device-sim -- --keys ... --crashes --crash-every 30   (crash reports too)
 *   npm run device-sim -- --keys ... --ota --crashes --bad-release 2.5.0   (updates, release health)
 *   npm run device-sim -- --keys ... --ota --sessions --bad-release 2.5.0   (sessions: it halts)
 *   npm run device-sim -- --keys ... --offline-after 60   (no signal after a minute: the grace)
 *   npm run device-sim -- --keys ... --crashes --kinds crash,anr,native   (ANRs and native crashes)
 *   npm run device-sim -- --write-mapping mapping.txt   (the minified build's R8 mapping, to upload)
 *   npm run device-sim -- --keys ... --crashes --obfuscated   (crash stacks of that minified build)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { crashKinds, type CrashKind } from '@patrol/contracts';
import { isValidProjectName } from '@patrol/domain';
import { availableKeysOfCompany } from './company-keys';
import { runDeviceSimulation } from './simulated-device';
import { simulatedR8App } from './simulated-kinds';
import { fileTokenStore } from './token-file';

const usage = `Usage: npm run device-sim -- [options]
  --url <url>          API base URL (default http://localhost:3000)
  --keys <k1,k2,...>   licence keys, one device each
  --keys-file <path>   licence keys, one per line (# comments allowed)
  --company <id>       use this client's available licences (needs --token or PATROL_ACCESS_TOKEN,
                       a signed-in user's access token with clients.view)
  --token <token>      access token for --company
  --devices <n>        at most this many devices (default: one per key)
  --interval <s>       seconds between heartbeats (default 10)
  --duration <s>       stop after this many seconds (default 600; 0 runs until Ctrl-C)
  --project <name>     project name in the device IDs (default "Simulated Site")
  --tokens <path>      file keeping each device's token between runs, which activating a bound
                       licence again needs (default data/device-sim-tokens.json)
  --crashes            also send crash reports: a few recurring crashes (the big groups), rare
                       ones (some critical) and debug reports, over two app versions
  --crash-every <s>    average seconds between one device's crash reports (default 60)
  --kinds <k1,k2>      kinds of report to send, picked evenly: crash (default), anr (the main
                       thread blocked 5-20 s), native (a SIGSEGV or SIGABRT tombstone)
  --obfuscated         crash stacks as the R8-minified build sends them (upload the mapping that
                       --write-mapping writes to the release to read them)
  --write-mapping <p>  write that build's R8 mapping to <p> and exit
  --bad-release <ver>  devices on this app version crash five times as often (to watch release
                       health pause a staged rollout)
  --sessions           also send session pings: a session starts at a heartbeat and ends exited
                       (after --session-length seconds on average) or crashed (every
                       --crash-every seconds on average, five times as often on --bad-release);
                       with --crashes a crashed session also sends its crash report
  --session-length <s> average seconds a session lasts (default 120)
  --ota                also check for app updates at start and every --ota-every seconds: an
                       offered release is downloaded (resumed with a Range request), its SHA-256
                       checked and installed; the fleet starts on versionCode 240 and 241
  --ota-every <s>      seconds between one device's update checks (default 60)
  --offline-after <s>  the API is out of reach after this many seconds: each device keeps working
                       on its last verified licence file through the file's grace period, then
                       stops (every file is verified with GET /api/device/licence-keys; a file
                       whose signature or device ID does not match, or a clock set back, stops it)`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      keys: { type: 'string' },
      'keys-file': { type: 'string' },
      company: { type: 'string' },
      token: { type: 'string' },
      devices: { type: 'string' },
      interval: { type: 'string', default: '10' },
      duration: { type: 'string', default: '600' },
      project: { type: 'string', default: 'Simulated Site' },
      tokens: { type: 'string', default: 'data/device-sim-tokens.json' },
      crashes: { type: 'boolean', default: false },
      'crash-every': { type: 'string', default: '60' },
      'bad-release': { type: 'string' },
      kinds: { type: 'string', default: 'crash' },
      obfuscated: { type: 'boolean', default: false },
      'write-mapping': { type: 'string' },
      ota: { type: 'boolean', default: false },
      sessions: { type: 'boolean', default: false },
      'session-length': { type: 'string', default: '120' },
      'ota-every': { type: 'string', default: '60' },
      'offline-after': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values['write-mapping']) {
    const app = simulatedR8App();
    writeFileSync(values['write-mapping'], app.mapping);
    console.log(
      `Wrote the simulated build's R8 mapping (${app.lineCount} lines) to ${values['write-mapping']}.`,
    );
    return 0;
  }
  const kinds = values.kinds.split(',').map((kind) => kind.trim());
  const unknownKind = kinds.find((kind) => !(crashKinds as readonly string[]).includes(kind));
  if (unknownKind !== undefined) {
    console.error(`--kinds: ${unknownKind} is not one of ${crashKinds.join(', ')}.`);
    return 1;
  }
  const intervalSeconds = Number(values.interval);
  const durationSeconds = Number(values.duration);
  const deviceLimit = values.devices === undefined ? Infinity : Number(values.devices);
  const crashEverySeconds = Number(values['crash-every']);
  const otaEverySeconds = Number(values['ota-every']);
  const offlineAfter = values['offline-after'];
  const offlineAfterSeconds = offlineAfter === undefined ? undefined : Number(offlineAfter);
  if (offlineAfterSeconds !== undefined && !(offlineAfterSeconds >= 0)) {
    console.error(`--offline-after must be 0 or more seconds.\n${usage}`);
    return 1;
  }
  if (
    !(intervalSeconds > 0) ||
    !(durationSeconds >= 0) ||
    !(deviceLimit >= 1) ||
    !(crashEverySeconds > 0) ||
    !(otaEverySeconds > 0)
  ) {
    console.error(
      `--interval, --crash-every and --ota-every must be above 0, --duration 0 or more, --devices 1 or more.\n${usage}`,
    );
    return 1;
  }
  if (!isValidProjectName(values.project)) {
    console.error('--project: letters, digits and spaces only, at most 25 characters.');
    return 1;
  }

  const keys = [
    ...(values.keys?.split(',') ?? []),
    ...(values['keys-file'] ? keysFromFile(values['keys-file']) : []),
  ]
    .map((key) => key.trim())
    .filter(Boolean);
  if (values.company) {
    const token = values.token ?? process.env.PATROL_ACCESS_TOKEN;
    if (!token) {
      console.error('--company needs --token or PATROL_ACCESS_TOKEN.');
      return 1;
    }
    keys.push(...(await availableKeysOfCompany(values.url, values.company, token, values.project)));
  }
  const chosen = [...new Set(keys)].slice(0, deviceLimit);
  if (chosen.length === 0) {
    console.error(`No licence keys to simulate.\n${usage}`);
    return 1;
  }

  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.log('Stopping...');
    stop.abort();
  });
  console.log(
    `${chosen.length} device(s) against ${values.url}, a heartbeat every ${intervalSeconds} s` +
      (values.crashes ? `, a crash report every ${crashEverySeconds} s on average` : '') +
      (durationSeconds > 0 ? ` for ${durationSeconds} s` : ' until Ctrl-C'),
  );
  const summary = await runDeviceSimulation({
    url: values.url,
    keys: chosen,
    projectName: values.project,
    intervalMs: intervalSeconds * 1000,
    durationMs: durationSeconds * 1000,
    signal: stop.signal,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    tokens: fileTokenStore(values.tokens),
    crashes: values.crashes
      ? {
          everyMs: crashEverySeconds * 1000,
          badRelease: values['bad-release'],
          kinds: kinds as CrashKind[],
          obfuscatedBy: values.obfuscated ? simulatedR8App() : undefined,
        }
      : undefined,
    ota: values.ota ? { everyMs: otaEverySeconds * 1000 } : undefined,
    sessions: values.sessions
      ? {
          lengthMs: Number(values['session-length']) * 1000,
          crashEveryMs: crashEverySeconds * 1000,
          badRelease: values['bad-release'],
        }
      : undefined,
    offlineAfterMs: offlineAfterSeconds === undefined ? undefined : offlineAfterSeconds * 1000,
  });
  console.log(
    `Done: ${summary.activated} activated, ${summary.heartbeats} heartbeats, ` +
      `${summary.sessionPings} session pings, ` +
      `${summary.crashReports} crash reports, ${summary.updatesInstalled} updates installed, ` +
      `${summary.failures} failed calls, ${summary.refused} devices refused, ` +
      `${summary.licenceFilesVerified} licence files verified, ${summary.offlineBeats} beats offline, ` +
      `${summary.licenceFilesRefused} devices stopped on their licence file.`,
  );
  return summary.activated > 0 ? 0 : 1;
}

function keysFromFile(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
