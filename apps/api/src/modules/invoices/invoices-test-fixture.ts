import { businessDay } from '@patrol/domain';
import request from 'supertest';
import type { ClientRow } from '../../db/schema';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';

/** Today's business day, as the payment and due dates are written. */
export const today = () => businessDay(new Date());

/** What every invoices test file starts from: a fresh database, three signed-in roles, a client. */
export interface InvoicesFixture {
  t: TestContext;
  admin: string;
  /** An accounts user named Nurul Accounts, who validates and rejects payments. */
  accounts: string;
  /** A second accounts user, Aisyah Recorder, who records payments (two people per payment). */
  recorder: string;
  sales: string;
  client: ClientRow;
  /** PUT process-payment as the recorder: a bank transfer dated today unless `body` says otherwise. */
  pay: (id: string, body: Record<string, unknown>, token?: string) => request.Test;
  validate: (id: string, token?: string) => request.Test;
  reject: (id: string, reason?: string, token?: string) => request.Test;
  /** An invoice of RM 216.00 (2 x RM 100 + 8% tax). */
  newInvoice: () => ReturnType<typeof createInvoice>;
}

/** The file's fixture, built before its first test (setUpSharedFixture registers the hooks). */
export function setUpInvoicesFixture(): InvoicesFixture {
  return setUpSharedFixture(async (): Promise<InvoicesFixture> => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts', { fullName: 'Nurul Accounts' });
    const recorder = await t.signIn('accounts', { fullName: 'Aisyah Recorder' });
    const sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Invoice Client Sdn Bhd' });
    return {
      t,
      admin,
      accounts,
      recorder,
      sales,
      client,
      pay: (id, body, token = recorder) =>
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
    };
  });
}
