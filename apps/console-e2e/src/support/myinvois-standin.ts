import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths';

const standinDir = join(repoRoot, 'tools/myinvois-standin');

/** The MyInvois stand-in (tools/myinvois-standin) as its own process on a free port. */
export interface RunningStandin {
  url: string;
  /** The API's MYINVOIS_* settings that point it at this stand-in, with its test key pair. */
  apiEnv: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startMyInvoisStandin(): Promise<RunningStandin> {
  const child = spawn(process.execPath, [join(standinDir, 'standin.mjs'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`MyInvois stand-in exited (${code})`)));
  });
  return {
    url,
    apiEnv: {
      MYINVOIS_IDENTITY_URL: url,
      MYINVOIS_API_URL: url,
      MYINVOIS_PORTAL_URL: 'https://preprod.myinvois.hasil.gov.my',
      MYINVOIS_CLIENT_ID: 'e2e-client',
      MYINVOIS_CLIENT_SECRET: 'e2e-secret',
      MYINVOIS_SIGNING_KEY: join(standinDir, 'test-keys/signing-key.pem'),
      MYINVOIS_SIGNING_CERT: join(standinDir, 'test-keys/signing-cert.pem'),
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
