import type { Quotation } from '@patrol/contracts';
import request from 'supertest';
import type { ClientRow } from '../../db/schema';
import {
  bearer,
  buildClient,
  buildQuotationForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';

/** What every quotations test file starts from: a fresh database, an Admin, a sales user, a client. */
export interface QuotationsFixture {
  t: TestContext;
  admin: string;
  sales: string;
  client: ClientRow;
  /** A draft of the client, created by the Admin through the API. */
  createQuotation: (overrides?: Parameters<typeof buildQuotationForm>[1]) => Promise<Quotation>;
  /** PUT .../status, as the Admin unless another token is given. */
  setStatus: (id: string, status: string, token?: string) => request.Test;
}

/** The file's fixture, built before its first test (setUpSharedFixture registers the hooks). */
export function setUpQuotationsFixture(): QuotationsFixture {
  return setUpSharedFixture(async (): Promise<QuotationsFixture> => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Acme Guards Sdn Bhd' });
    return {
      t,
      admin,
      sales,
      client,
      createQuotation: async (overrides = {}) => {
        const response = await request(t.app)
          .post('/api/business/quotations')
          .set(bearer(admin))
          .send(buildQuotationForm(client.id, overrides))
          .expect(201);
        return response.body.quotation;
      },
      setStatus: (id, status, token = admin) =>
        request(t.app)
          .put(`/api/business/quotations/${id}/status`)
          .set(bearer(token))
          .send({ status }),
    };
  });
}
