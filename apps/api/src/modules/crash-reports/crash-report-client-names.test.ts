import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  buildCrashReport,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

let t: TestContext;
let support: string;

beforeAll(async () => {
  t = await createTestContext();
  support = await t.signIn('support');
});
afterAll(() => t.close());

describe('GET /api/crash-reports: the client of each report', () => {
  it("names the report's client, and null when the client is unknown or gone", async () => {
    await buildClient(t, { companyId: 'ACME', companyName: 'Acme Guarding Sdn Bhd' });
    const known = await buildCrashReport(t, { companyId: 'ACME', title: 'Scanner crash' });
    const unknown = await buildCrashReport(t, { companyId: 'GONE', title: 'Old crash' });
    const none = await buildCrashReport(t, { companyId: null, title: 'No client' });
    const response = await request(t.app)
      .get('/api/crash-reports')
      .set(bearer(support))
      .expect(200);
    const byId = new Map(
      (response.body.data.reports as { id: string; companyName: string | null }[]).map((report) => [
        report.id,
        report.companyName,
      ]),
    );
    expect(byId.get(known.id)).toBe('Acme Guarding Sdn Bhd');
    expect(byId.get(unknown.id)).toBeNull();
    expect(byId.get(none.id)).toBeNull();
  });
});
