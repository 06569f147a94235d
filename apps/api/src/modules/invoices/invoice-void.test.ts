import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/builders';
import { setUpInvoicesFixture } from './invoices-test-fixture';

describe('invoices API: a voided invoice', () => {
  const fixture = setUpInvoicesFixture();

  const voidedInvoice = async () => {
    const invoice = await fixture.newInvoice();
    await request(fixture.t.app)
      .post(`/api/business/invoices/${invoice.id}/revert`)
      .set(bearer(fixture.admin))
      .expect(200);
    return invoice;
  };

  it('refuses a payment with the reason (409) and records nothing', async () => {
    const invoice = await voidedInvoice();
    const refused = await fixture.pay(invoice.id, { amount: 10 }).expect(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'This invoice is void: it keeps its number for the record and takes no payments',
    });
    const read = await request(fixture.t.app)
      .get(`/api/business/invoices/${invoice.id}`)
      .set(bearer(fixture.sales))
      .expect(200);
    expect(read.body.invoice).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      isVoided: true,
      status: 'voided',
      paidAmount: 0,
      paymentEntries: [],
    });
  });
});
