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
  /**
   * A state change made outside the API under test: the buyer's Reject Document ("rejected") or a
   * cancellation in the portal ("cancelled"); a login, then PUT .../state. Answers the status.
   */
  changeState(uuid: string, status: 'rejected' | 'cancelled', reason: string): Promise<number>;
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
    changeState: async (uuid, status, reason) => {
      const login = await fetch(`${url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'client_id=buyer&client_secret=buyer&grant_type=client_credentials&scope=InvoicingAPI',
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const response = await fetch(`${url}/api/v1.0/documents/state/${uuid}/state`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status, reason }),
      });
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
