import { randomUUID } from 'node:crypto';
import { defaultCompanySettings } from '@patrol/contracts';
import { addDays } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { invoiceLineItems, invoices, quotations } from '../../db/schema';
import { bearer, createAcceptedQuotation } from '../../../test/builders';
import { setUpInvoicesFixture, today } from './invoices-test-fixture';

describe('invoices API: conversion from a quotation and revert', () => {
  const fixture = setUpInvoicesFixture();

  describe('PUT /api/business/quotations/{id}/convert-to-invoice', () => {
    it('creates the invoice from the quotation in one step and marks the quotation converted', async () => {
      const quotation = await createAcceptedQuotation(fixture.t, fixture.admin, fixture.client.id, {
        paymentTerms: 'NET_15',
        items: [
          {
            productName: 'Sticker',
            description: 'Small',
            quantity: 3,
            unitPrice: 0.05,
            discount: 0,
          },
          { productName: 'Reader', description: '', quantity: 1, unitPrice: 0.05, discount: 0 },
        ],
      });
      fixture.t.published.length = 0;
      const response = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
        .set(bearer(fixture.sales))
        .expect(200);
      const { invoice } = response.body;
      expect(response.body.message).toBe(
        `Quotation converted to invoice ${invoice.invoiceNumber}. Check the Invoices tab.`,
      );
      expect(response.body.quotation).toMatchObject({ status: 'converted', invoiceId: invoice.id });
      expect(invoice).toMatchObject({
        quotationId: quotation.id,
        clientId: fixture.client.id,
        clientInfo: { companyName: 'Invoice Client Sdn Bhd' },
        issueDate: today(),
        dueDate: addDays(today(), 15),
        paymentTerms: 'NET_15',
        subtotal: 0.2,
        taxAmount: 0.02,
        totalAmount: 0.22,
        paidAmount: 0,
        outstandingAmount: 0.22,
        paymentStatus: 'unpaid',
        paymentValidationStatus: 'none',
        status: 'issued',
        isVoided: false,
      });
      // 8% of 0.15 is 1.2 sen and of 0.05 is 0.4 sen: the lines carry 1 + 1 = the invoice's 2 sen.
      expect(invoice.lineItems).toEqual([
        {
          id: expect.any(String),
          description: 'Sticker - Small',
          quantity: 3,
          unitPrice: 0.05,
          taxType: 'SERVICE_TAX',
          taxRate: 0.08,
          taxAmount: 0.01,
          lineTotal: 0.15,
          licenceAction: null,
          renewalLicenceIds: [],
        },
        {
          id: expect.any(String),
          description: 'Reader',
          quantity: 1,
          unitPrice: 0.05,
          taxType: 'SERVICE_TAX',
          taxRate: 0.08,
          taxAmount: 0.01,
          lineTotal: 0.05,
          licenceAction: null,
          renewalLicenceIds: [],
        },
      ]);
      expect(fixture.t.published.map((e) => e.event)).toEqual([
        'invoiceCreated',
        'billingUpdated',
        'billingUpdated',
      ]);
      const search = await request(fixture.t.app)
        .get(`/api/business/quotations?search=${invoice.invoiceNumber}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(search.body.quotations.map((q: { id: string }) => q.id)).toEqual([quotation.id]);
    });

    it('refuses a quotation that is not accepted (409), twice (409), unknown (404), without invoices.create (403)', async () => {
      const draft = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send({
          clientId: fixture.client.id,
          items: [{ productName: 'X', quantity: 1, unitPrice: 1 }],
        })
        .expect(201);
      const refused = await request(fixture.t.app)
        .put(`/api/business/quotations/${draft.body.quotation.id}/convert-to-invoice`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(refused.body.message).toBe(
        'This quotation is draft: only an accepted quotation can be converted to an invoice',
      );
      const quotation = await createAcceptedQuotation(fixture.t, fixture.admin, fixture.client.id);
      const convert = () =>
        request(fixture.t.app)
          .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
          .set(bearer(fixture.admin));
      await convert().expect(200);
      await convert().expect(409);
      await request(fixture.t.app)
        .put(`/api/business/quotations/${randomUUID()}/convert-to-invoice`)
        .set(bearer(fixture.admin))
        .expect(404);
      const quoter = await fixture.t.signIn('sales', {
        permissions: ['quotations.view', 'quotations.edit', 'invoices.view'],
      });
      await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
        .set(bearer(quoter))
        .expect(403);
    });

    it('gives 20 concurrent conversions 20 distinct consecutive invoice numbers', async () => {
      const accepted = [];
      for (let index = 0; index < 20; index += 1) {
        accepted.push(await createAcceptedQuotation(fixture.t, fixture.admin, fixture.client.id));
      }
      const answers = await Promise.all(
        accepted.map((quotation) =>
          request(fixture.t.app)
            .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
            .set(bearer(fixture.admin)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const sequences = answers
        .map((answer) => Number(answer.body.invoice.invoiceNumber.slice(-6)))
        .sort((a, b) => a - b);
      expect(new Set(sequences).size).toBe(20);
      expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    });
  });

  describe('revert to quotation', () => {
    it('voids the invoice and returns the quotation to accepted (invoice path)', async () => {
      const invoice = await fixture.newInvoice();
      fixture.t.published.length = 0;
      const response = await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body).toMatchObject({
        message:
          'Invoice successfully reverted to quotation. The quotation is now available in the Quotations tab.',
        invoice: { id: invoice.id, isVoided: true, status: 'voided' },
        quotation: { id: invoice.quotationId, status: 'accepted', invoiceId: null },
      });
      expect(fixture.t.published.map((e) => e.event)).toContain('invoiceReverted');
      // Accepted again, it converts to a new invoice.
      await request(fixture.t.app)
        .put(`/api/business/quotations/${invoice.quotationId}/convert-to-invoice`)
        .set(bearer(fixture.admin))
        .expect(200);
    });

    it('reverts by the quotation too (PATCH .../quotations/{id}/revert)', async () => {
      const invoice = await fixture.newInvoice();
      const response = await request(fixture.t.app)
        .patch(`/api/business/quotations/${invoice.quotationId}/revert`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body.quotation).toMatchObject({ status: 'accepted', invoiceId: null });
      const again = await request(fixture.t.app)
        .patch(`/api/business/quotations/${invoice.quotationId}/revert`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(again.body.message).toBe('This quotation has no invoice to revert');
      await request(fixture.t.app)
        .patch(`/api/business/quotations/${randomUUID()}/revert`)
        .set(bearer(fixture.admin))
        .expect(404);
    });

    it('refuses an invoice with payments, a validated one and one not made from a quotation (409)', async () => {
      const paid = await fixture.newInvoice();
      await fixture.pay(paid.id, { amount: 5 }).expect(200);
      const withPayments = await request(fixture.t.app)
        .post(`/api/business/invoices/${paid.id}/revert`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(withPayments.body.message).toBe(
        'This invoice has recorded payments and cannot be reverted; payments awaiting validation can be rejected first',
      );

      const orphan = await fixture.newInvoice();
      await fixture.t.database.db
        .update(invoices)
        .set({ quotationId: null })
        .where(eq(invoices.id, orphan.id));
      const noQuotation = await request(fixture.t.app)
        .post(`/api/business/invoices/${orphan.id}/revert`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(noQuotation.body.message).toBe(
        'This invoice was not created from a quotation and cannot be reverted.',
      );

      const validated = await fixture.newInvoice();
      await fixture.t.database.db
        .update(invoices)
        .set({ paymentValidationStatus: 'validated' })
        .where(eq(invoices.id, validated.id));
      const refused = await request(fixture.t.app)
        .post(`/api/business/invoices/${validated.id}/revert`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(refused.body.message).toBe('A validated invoice cannot be reverted');
      const [quotation] = await fixture.t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, validated.quotationId!));
      expect(quotation!.status).toBe('converted');
    });

    it('answers 404 for an unknown invoice and 403 without invoices.edit', async () => {
      await request(fixture.t.app)
        .post(`/api/business/invoices/${randomUUID()}/revert`)
        .set(bearer(fixture.admin))
        .expect(404);
      const invoice = await fixture.newInvoice();
      await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(fixture.sales))
        .expect(403);
    });
  });

  it('keeps the tax an invoice was issued with when the settings change later', async () => {
    const invoice = await fixture.newInvoice();
    const saveRates = (sstPercentage: number, defaultTaxType: string) =>
      request(fixture.t.app)
        .put('/api/settings')
        .set(bearer(fixture.admin))
        .send({
          ...defaultCompanySettings,
          taxSettings: { ...defaultCompanySettings.taxSettings, sstPercentage, defaultTaxType },
        })
        .expect(200);
    await saveRates(6, 'EXEMPT');
    const read = await request(fixture.t.app)
      .get(`/api/business/invoices/${invoice.id}`)
      .set(bearer(fixture.admin))
      .expect(200);
    expect(read.body.invoice).toMatchObject({
      taxAmount: 16,
      totalAmount: 216,
      taxSummary: [{ taxType: 'SERVICE_TAX', taxRate: 0.08, taxableAmount: 200, taxAmount: 16 }],
    });
    expect(read.body.invoice.lineItems[0]).toMatchObject({ taxType: 'SERVICE_TAX', taxRate: 0.08 });
    await saveRates(8, 'SERVICE_TAX');
  });

  it('keeps line items equal to the quotation lines in the database', async () => {
    const invoice = await fixture.newInvoice();
    const lines = await fixture.t.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoice.id));
    expect(lines.map((line) => [line.unitPrice, line.lineTotal, line.taxAmount])).toEqual([
      ['100.00', '200.00', '16.00'],
    ]);
  });
});
