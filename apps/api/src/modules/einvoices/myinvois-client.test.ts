import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMyInvoisStandin, type MyInvoisStandin } from '../../../test/myinvois-standin';
import { createMyInvoisClient, MyInvoisUncertainError } from './myinvois-client';
import { createHash } from 'node:crypto';

let standin: MyInvoisStandin;
beforeAll(async () => {
  standin = await startMyInvoisStandin();
});
afterAll(() => standin.close());
beforeEach(() => standin.reset());

function clientAt(clock: { now: number }, sleeps: number[] = []) {
  return createMyInvoisClient({
    config: {
      identityUrl: standin.url,
      apiUrl: standin.url,
      clientId: 'client',
      clientSecret: 'secret',
    },
    now: () => clock.now,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
  });
}

function item(codeNumber: string) {
  const text = JSON.stringify({ Invoice: [{ ID: [{ _: codeNumber }] }] });
  return {
    format: 'JSON' as const,
    document: Buffer.from(text).toString('base64'),
    documentHash: createHash('sha256').update(text).digest('hex'),
    codeNumber,
  };
}

describe('MyInvois client', () => {
  it('logs in once and reuses the token until shortly before it expires', async () => {
    const clock = { now: Date.now() };
    const client = clientAt(clock);
    await client.validateTaxpayerTin('C1234567890', 'BRN', '202001234567');
    clock.now += 50 * 60_000;
    await client.validateTaxpayerTin('C1234567890', 'BRN', '202001234567');
    expect(client.logins()).toBe(1);
    clock.now += 6 * 60_000;
    await client.validateTaxpayerTin('C1234567890', 'BRN', '202001234567');
    expect(client.logins()).toBe(2);
  });

  it('logs in again once after a 401 and repeats the call', async () => {
    const client = clientAt({ now: Date.now() });
    await client.validateTaxpayerTin('C1', 'BRN', '1');
    await standin.script({ revokeTokens: true });
    expect(await client.validateTaxpayerTin('C1', 'BRN', '1')).toBe(true);
    expect(client.logins()).toBe(2);
  });

  it('backs off on 429 honouring Retry-After, with jitter', async () => {
    const sleeps: number[] = [];
    const client = clientAt({ now: Date.now() }, sleeps);
    await standin.script({ answers: [{ endpoint: 'submit', status: 429, retryAfter: 7 }] });
    const answer = await client.submitDocuments([item('INV-1')]);
    expect(answer.acceptedDocuments).toHaveLength(1);
    expect(sleeps).toEqual([7_500]);
  });

  it('repeats a read after a 5xx but never a submission', async () => {
    const sleeps: number[] = [];
    const client = clientAt({ now: Date.now() }, sleeps);
    await standin.script({ answers: [{ endpoint: 'validate', status: 503 }] });
    expect(await client.validateTaxpayerTin('C1', 'BRN', '1')).toBe(true);
    expect(sleeps).toEqual([1_500]);
    await standin.script({ answers: [{ endpoint: 'submit', status: 500 }] });
    await expect(client.submitDocuments([item('INV-2')])).rejects.toBeInstanceOf(
      MyInvoisUncertainError,
    );
    const state = await standin.state();
    expect(state.requests.filter((r) => r.endpoint === 'submit')).toHaveLength(1);
  });

  it('reports a lost answer to a submission as uncertain', async () => {
    const client = clientAt({ now: Date.now() });
    await standin.script({ answers: [{ endpoint: 'submit', drop: true }] });
    await expect(client.submitDocuments([item('INV-3')])).rejects.toBeInstanceOf(
      MyInvoisUncertainError,
    );
    // MyInvois took it: the identical submission is refused, and a search finds the document.
    await expect(client.submitDocuments([item('INV-3')])).rejects.toMatchObject({
      status: 422,
      error: { code: 'DuplicateSubmission' },
    });
    const found = await client.searchDocuments('INV-3', new Date(0), new Date());
    expect(found.result.map((doc) => doc.internalId)).toEqual(['INV-3']);
  });

  it('answers false for a TIN MyInvois does not know', async () => {
    await standin.script({ unknownTins: ['C999'] });
    expect(await clientAt({ now: Date.now() }).validateTaxpayerTin('C999', 'BRN', '1')).toBe(false);
  });
});
