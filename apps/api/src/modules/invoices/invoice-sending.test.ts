import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

describe('POST /api/business/invoices/{id}/send with SMTP', () => {
  let t: TestContext;
  let sink: SmtpSink;
  let admin: string;
  let sales: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext({ env: { SMTP_URL: sink.url } });
    admin = await t.signIn('Admin');
    sales = await t.signIn('sales');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (id: string, token = sales) =>
    request(t.app).post(`/api/business/invoices/${id}/send`).set(bearer(token));
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it("e-mails the PDF to the client's address and records sentAt and sentTo", async () => {
    const client = await buildClient(t, { email: 'billing@aman.test' });
    const invoice = await createInvoice(t, admin, client.id);
    const response = await send(invoice.id).expect(200);
    expect(response.body).toMatchObject({
      message: 'Invoice sent successfully to billing@aman.test',
      invoice: { status: 'sent', sentTo: 'billing@aman.test' },
    });
    expect(response.body.invoice.sentAt).toEqual(expect.any(String));
    const mail = await sink.waitForMail('billing@aman.test');
    expect(mail.raw).toContain(`Subject: Invoice ${invoice.invoiceNumber}`);
    expect(mail.raw).toContain('Content-Type: application/pdf');
    expect(mail.raw).toContain(`filename=invoice-${invoice.invoiceNumber}.pdf`);
  });

  it('refuses a client without an e-mail address, a void invoice (409), unknown (404), no permission (403)', async () => {
    const silent = await buildClient(t, { email: '' });
    const noAddress = await createInvoice(t, admin, silent.id);
    const refused = await send(noAddress.id).expect(409);
    expect(refused.body.message).toBe(
      'The client has no e-mail address: add one to the client, then send the invoice again',
    );
    expect((await rowOf(noAddress.id)).sentAt).toBeNull();
    const voided = await createInvoice(t, admin, (await buildClient(t)).id);
    await request(t.app)
      .post(`/api/business/invoices/${voided.id}/revert`)
      .set(bearer(admin))
      .expect(200);
    expect((await send(voided.id).expect(409)).body.message).toBe(
      'This invoice is void: it cannot be sent to the client',
    );
    await send(randomUUID()).expect(404);
    const viewer = await t.signIn('sales', { permissions: ['invoices.view'] });
    await send(noAddress.id, viewer).expect(403);
  });

  it('keeps the invoice unsent and says so when the mail server cannot be reached (502)', async () => {
    const invoice = await createInvoice(t, admin, (await buildClient(t)).id);
    await sink.close();
    const failed = await send(invoice.id).expect(502);
    expect(failed.body.message).toBe(
      'The e-mail could not be sent, so the document stays unsent. Check the mail server settings and try again.',
    );
    const row = await rowOf(invoice.id);
    expect(row).toMatchObject({ status: 'issued', sentAt: null, sentTo: null });
  });
});
