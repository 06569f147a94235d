import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(
  new URL('../../../tools/myinvois-standin/standin.mjs', import.meta.url),
);

/** One scripted answer of the stand-in (tools/myinvois-standin/README.md). */
export interface StandinAnswer {
  endpoint?: 'token' | 'submit' | 'submission' | 'search' | 'details' | 'cancel' | 'validate';
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  drop?: boolean;
}

export interface StandinScript {
  tokenLifetimeSeconds?: number;
  outcome?: 'valid' | 'invalid';
  invalidNumbers?: string[];
  pollsBeforeOutcome?: number;
  unknownTins?: string[];
  validatedHoursAgo?: number;
  answers?: StandinAnswer[];
  revokeTokens?: boolean;
}

export interface StandinState {
  logins: number;
  requests: { endpoint: string; method: string; path: string }[];
  submissions: { submissionUid: string; uuids: string[] }[];
  documents: { uuid: string; internalId: string; status: string; longId: string }[];
}

/** The MyInvois stand-in, running as its own process on a free port. */
export interface MyInvoisStandin {
  url: string;
  script(patch: StandinScript): Promise<void>;
  state(): Promise<StandinState>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startMyInvoisStandin(): Promise<MyInvoisStandin> {
  const child: ChildProcess = spawn(process.execPath, [script, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`stand-in exited (${code})`)));
  });
  const control = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}/__standin/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json() as Promise<unknown>;
  };
  return {
    url,
    script: async (patch) => void (await control('script', patch)),
    state: async () => (await control('state')) as StandinState,
    reset: async () => void (await control('reset', {})),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
