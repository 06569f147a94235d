import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { simulatedAppVersions, simulatedCrashReport } from '../device-sim/simulated-crashes';
import { scaleDeviceToken } from '../seed-scale/plan';
import { activeDeviceKeys } from './scale-devices';
import { signIn, type SignInAccount } from './soak-sign-in';

/** What the soak's traffic needs from the data set, read before the API starts. */
export interface SoakData {
  /** A superadmin's access token (what a completed sign-in gives the console). */
  token: string;
  /** Accounts the sign-ins take turns with, so no authenticator code is used twice. */
  signInAccounts: SignInAccount[];
  deviceKeys: string[];
  /** Invoices that can take many small payments. */
  invoiceIds: string[];
  clientPages: number;
}

/** Reads the devices and invoices the traffic uses. */
export async function prepareSoakData(
  database: Database,
  token: string,
  signInAccounts: SignInAccount[],
): Promise<SoakData> {
  // Enough devices that none nears its 30 calls a minute at the soak's rate.
  const deviceKeys = await activeDeviceKeys(database, 5_000);
  const invoices = await database.db.execute<{ id: string }>(sql`
    select id from invoices
    where not is_voided and status <> 'cancelled' and payment_status in ('unpaid', 'partial')
      and total_amount - paid_amount > 100
    limit 200`);
  const [counts] = (
    await database.db.execute<{ clients: number }>(
      sql`select count(*)::int as clients from clients`,
    )
  ).rows;
  return {
    token,
    signInAccounts,
    deviceKeys,
    invoiceIds: invoices.rows.map((row) => row.id),
    clientPages: Math.max(1, Math.ceil((counts?.clients ?? 1) / 10)),
  };
}

export type SoakKind =
  | 'sign-in'
  | 'clients list'
  | 'licences list'
  | 'billing lists'
  | 'crash reports list'
  | 'device heartbeat'
  | 'crash report'
  | 'payment'
  | 'logo upload';

/**
 * One request of the soak: its kind, its route (method and path with ids as `{id}`, no query),
 * when it left and was answered (ms from the start), status (0: no answer).
 */
export interface SoakRequest {
  kind: SoakKind;
  route: string;
  startedAt: number;
  endedAt: number;
  status: number;
}

/** A request's kind by its place in the run: this cycle of 20, a sign-in and a logo now and then. */
const cycle: SoakKind[] = [
  'device heartbeat',
  'clients list',
  'device heartbeat',
  'billing lists',
  'crash report',
  'device heartbeat',
  'licences list',
  'device heartbeat',
  'crash reports list',
  'payment',
  'device heartbeat',
  'clients list',
  'crash report',
  'device heartbeat',
  'billing lists',
  'device heartbeat',
  'licences list',
  'crash report',
  'device heartbeat',
  'billing lists',
];
const logoEvery = 1_000;
/**
 * About one sign-in every two seconds at the soak's rate. An authenticator code is taken once, so
 * with 30 accounts in turn each signs in at most every minute, two TOTP steps apart or more.
 */
const signInEvery = 200;
export const soakSignInAccounts = 30;

function kindOf(n: number): SoakKind {
  if (n % logoEvery === logoEvery - 1) return 'logo upload';
  if (n % signInEvery === signInEvery - 2) return 'sign-in';
  return cycle[n % cycle.length]!;
}

// A real 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const billingLists = ['invoices', 'quotations', 'receipts'];
const crashBodies = Array.from({ length: 100 }, (_, n) =>
  JSON.stringify(simulatedCrashReport(simulatedAppVersions[n % simulatedAppVersions.length]!)),
);
// Yesterday, so that no time zone makes the payment date lie in the future.
const paymentDate = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The n-th request of the run, when it is a single request (not a sign-in). */
function requestFor(
  kind: Exclude<SoakKind, 'sign-in'>,
  n: number,
  data: SoakData,
): { path: string; init: RequestInit } {
  const staff = { authorization: `Bearer ${data.token}` };
  const json = { 'content-type': 'application/json' };
  const device = {
    ...json,
    authorization: `Bearer ${scaleDeviceToken(data.deviceKeys[n % data.deviceKeys.length]!)}`,
  };
  const page = 1 + (n % Math.min(50, data.clientPages));
  switch (kind) {
    case 'clients list':
      return { path: `/api/clients?page=${page}`, init: { headers: staff } };
    case 'licences list':
      return { path: `/api/licences?page=${page}`, init: { headers: staff } };
    case 'billing lists':
      return {
        path: `/api/business/${billingLists[n % billingLists.length]}?page=${page}`,
        init: { headers: staff },
      };
    case 'crash reports list':
      return { path: `/api/crash-reports?page=${page}&limit=20`, init: { headers: staff } };
    case 'device heartbeat':
      return {
        path: '/api/device/heartbeat',
        init: {
          method: 'POST',
          headers: device,
          body: JSON.stringify({ appVersion: '2.4.0', batteryLevel: 80 }),
        },
      };
    case 'crash report':
      return {
        path: '/api/crash-reports',
        init: { method: 'POST', headers: device, body: crashBodies[n % crashBodies.length] },
      };
    case 'payment':
      return {
        path: `/api/business/invoices/${data.invoiceIds[n % data.invoiceIds.length]}/process-payment`,
        init: {
          method: 'PUT',
          headers: { ...staff, ...json },
          body: JSON.stringify({
            amount: 0.01,
            paymentMethod: 'bank_transfer',
            referenceNumber: `SOAK-${n}`,
            paymentDate,
          }),
        },
      };
    case 'logo upload': {
      const form = new FormData();
      form.append('logo', new Blob([png], { type: 'image/png' }), 'logo.png');
      return {
        path: '/api/settings/logo',
        init: { method: 'POST', headers: staff, body: form },
      };
    }
  }
}

/** `GET /api/business/invoices`, `PUT /api/business/invoices/{id}/process-payment`: one row each. */
export function routeOf({ path, init }: { path: string; init: RequestInit }): string {
  const bare = path.split('?')[0]!.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/g, '/{id}');
  return `${init.method ?? 'GET'} ${bare}`;
}

async function send(url: string, { path, init }: { path: string; init: RequestInit }) {
  const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends the mixed load to `url` from `loops` loops, each sending at most one request every
 * `intervalMs` (a slow answer delays its loop's next request, so a database cut does not pile
 * requests up), until stop(); answers every request sent.
 */
export function startSoakTraffic(
  url: string,
  data: SoakData,
  { loops, intervalMs }: { loops: number; intervalMs: number },
) {
  const started = performance.now();
  const requests: SoakRequest[] = [];
  let next = 0;
  let stopping = false;
  const loop = async () => {
    while (!stopping) {
      const n = next++;
      const kind = kindOf(n);
      const startedAt = performance.now() - started;
      const request = kind === 'sign-in' ? undefined : requestFor(kind, n, data);
      const route = request ? routeOf(request) : 'POST /api/auth/login';
      let status = 0;
      try {
        status = request
          ? await send(url, request)
          : await signIn(
              url,
              data.signInAccounts[Math.floor(n / signInEvery) % data.signInAccounts.length]!,
            );
      } catch {
        // No answer: counted with status 0.
      }
      const endedAt = performance.now() - started;
      requests.push({ kind, route, startedAt, endedAt, status });
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, intervalMs - (endedAt - startedAt))),
      );
    }
  };
  const running = Array.from({ length: loops }, loop);
  return {
    /** Milliseconds since the traffic started, the clock of every SoakRequest. */
    now: () => performance.now() - started,
    stop: async () => {
      stopping = true;
      await Promise.all(running);
      return requests;
    },
  };
}
