import type { Invoice } from '@patrol/contracts';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMyInvoisStandin, type MyInvoisStandin } from '../../../test/myinvois-standin';
import {
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import type { EinvoiceDocumentRow } from '../../db/schema';
import { sampleEInvoiceSource } from './document/einvoice-source.fixture';
import type { EinvoiceWorkerDeps } from './einvoice-worker-deps';
import { createMyInvoisClient } from './myinvois-client';

/** The stand-in's throw-away signing key and certificate (tools/myinvois-standin/test-keys). */
export function testKeyFile(name: string): string {
  return fileURLToPath(
    new URL(`../../../../../tools/myinvois-standin/test-keys/${name}`, import.meta.url),
  );
}

export interface EinvoicesFixture {
  t: TestContext;
  standin: MyInvoisStandin;
  token: string;
  clientId: string;
  /** Worker dependencies on the test's clock: no sleeping, no randomness. */
  worker(clock: { now: number }): EinvoiceWorkerDeps;
  /** A converted invoice (queued for MyInvois). */
  issueInvoice(): Promise<Invoice>;
}

/** A source for each queued row: the SDK sample parties with the row's number and kind. */
export async function sampleSource(row: EinvoiceDocumentRow) {
  return sampleEInvoiceSource({
    number: row.number,
    kind: row.kind === 'consolidated' ? 'invoice' : row.kind,
    ...(row.kind === 'invoice' ? {} : { originalDocument: { uuid: '', number: 'INV-1' } }),
  });
}

/**
 * An API with e-invoicing on against the MyInvois stand-in (its own process), a throw-away signing
 * key and certificate, and a signed-in accountant with a client.
 */
export function setUpEinvoicesFixture(
  loadSource: EinvoiceWorkerDeps['loadSource'] = sampleSource,
): EinvoicesFixture {
  const fixture = {} as EinvoicesFixture;
  beforeAll(async () => {
    const standin = await startMyInvoisStandin();
    const t = await createTestContext({
      env: {
        MYINVOIS_IDENTITY_URL: standin.url,
        MYINVOIS_API_URL: standin.url,
        MYINVOIS_PORTAL_URL: 'https://preprod.myinvois.hasil.gov.my',
        MYINVOIS_CLIENT_ID: 'test-client',
        MYINVOIS_CLIENT_SECRET: 'test-secret',
        MYINVOIS_SIGNING_KEY: testKeyFile('signing-key.pem'),
        MYINVOIS_SIGNING_CERT: testKeyFile('signing-cert.pem'),
      },
    });
    const token = await t.signIn('Admin');
    const client = await buildClient(t);
    Object.assign(fixture, { t, standin, token, clientId: client.id });
  });
  beforeEach(() => fixture.standin.reset());
  afterAll(async () => {
    await fixture.t?.close();
    await fixture.standin?.close();
  });
  fixture.worker = (clock) => {
    const config = fixture.t.ctx.config.myinvois;
    if (!config.enabled) throw new Error('e-invoicing is off in the fixture');
    return {
      db: fixture.t.ctx.db,
      events: fixture.t.ctx.events,
      logger: fixture.t.ctx.logger,
      config: config.config,
      client: createMyInvoisClient({
        config: config.config,
        now: () => clock.now,
        sleep: async () => undefined,
        random: () => 0,
      }),
      loadSource,
      holder: 'test-worker',
      random: () => 0,
    };
  };
  fixture.issueInvoice = () => createInvoice(fixture.t, fixture.token, fixture.clientId);
  return fixture;
}
