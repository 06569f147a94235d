import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import {
  bearer,
  buildClient,
  createAcceptedQuotation,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

describe('POST /api/business/quotations/{id}/send with SMTP', () => {
  let t: TestContext;
  let sink: SmtpSink;
  let admin: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestContext({ env: { SMTP_URL: sink.url } });
    admin = await t.signIn('Admin');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const send = (id: string, token = admin) =>
    request(t.app).post(`/api/business/quotations/${id}/send`).set(bearer(token));
  const draftFor = async (email: string) => {
    const client = await buildClient(t, { email });
    const created = await request(t.app)
      .post('/api/business/quotations')
      .set(bearer(admin))
      .send({
        clientId: client.id,
        items: [{ productName: 'Patrol licence', quantity: 1, unitPrice: 100, discount: 0 }],
      })
      .expect(201);
    return created.body.quotation as { id: string; quotationNumber: string; clientId: string };
  };

  it('e-mails the PDF to the client and records sentTo; a refusal says why', async () => {
    const quotation = await draftFor('buyer@aman.test');
    const response = await send(quotation.id).expect(200);
    expect(response.body).toMatchObject({
      message: 'Quotation sent successfully to buyer@aman.test',
      quotation: { status: 'sent', sentTo: 'buyer@aman.test' },
    });
    const mail = await sink.waitForMail('buyer@aman.test');
    expect(mail.raw).toContain(`filename=quotation-${quotation.quotationNumber}.pdf`);
    const silent = await draftFor('');
    expect((await send(silent.id).expect(409)).body.message).toBe(
      'The client has no e-mail address: add one to the client, then send the quotation again',
    );
    const accepted = await createAcceptedQuotation(t, admin, quotation.clientId);
    await send(accepted.id).expect(409);
    await send(randomUUID()).expect(404);
    const viewer = await t.signIn('sales', { permissions: ['quotations.view'] });
    await send(quotation.id, viewer).expect(403);
  });
});
