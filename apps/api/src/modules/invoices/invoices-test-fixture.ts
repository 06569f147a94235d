import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ClientRow } from '../../db/schema';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

/** Today's business day, as the payment and due dates are written. */
export const today = () => businessDay(new Date());

/** What every invoices test file starts from: a fresh database, three signed-in roles, a client. */
export interface InvoicesFixture {
  t: TestContext;
  admin: string;
  /** An accounts user named Nurul Accounts, who may process, validate and reject payments. */
  accounts: string;
  sales: string;
  client: ClientRow;
  /** PUT process-payment: a bank transfer dated today unless `body` says otherwise. */
  pay: (id: string, body: Record<string, unknown>, token?: string) => request.Test;
  validate: (id: string, token?: string) => request.Test;
  reject: (id: string, reason?: string, token?: string) => request.Test;
  /** An invoice of RM 216.00 (2 x RM 100 + 8% tax). */
  newInvoice: () => ReturnType<typeof createInvoice>;
}

/**
 * Registers the file's hooks (build the context before the first test, close it after the last,
 * forget the events published before each test) and answers the fixture they fill in.
 */
export function setUpInvoicesFixture(): InvoicesFixture {
  const fixture = {} as InvoicesFixture;
  beforeAll(async () => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts', { fullName: 'Nurul Accounts' });
    const sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Invoice Client Sdn Bhd' });
    Object.assign(fixture, {
      t,
      admin,
      accounts,
      sales,
      client,
      pay: (id, body, token = accounts) =>
        request(t.app)
          .put(`/api/business/invoices/${id}/process-payment`)
          .set(bearer(token))
          .send({
            paymentMethod: 'bank_transfer',
            referenceNumber: 'TRX-1',
            paymentDate: today(),
            ...body,
          }),
      validate: (id, token = accounts) =>
        request(t.app)
          .put(`/api/invoices/${id}/validate-payment`)
          .set(bearer(token))
          .send({ validationNotes: 'Matched bank statement' }),
      reject: (id, reason = 'Amount not received', token = accounts) =>
        request(t.app)
          .put(`/api/invoices/${id}/reject-payment`)
          .set(bearer(token))
          .send({ rejectionReason: reason, validationNotes: 'Checked twice' }),
      newInvoice: () => createInvoice(t, admin, client.id),
    } satisfies InvoicesFixture);
  });
  afterAll(() => fixture.t.close());
  beforeEach(() => {
    fixture.t.published.length = 0;
  });
  return fixture;
}
