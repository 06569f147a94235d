import { eq } from 'drizzle-orm';
import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createInvoice } from '../../../test/builders';
import { einvoiceDocuments } from '../../db/schema';
import { buildUblDocument } from './document/build-ubl-document';
import { precheckEInvoiceSource } from './document/precheck-ubl-source';
import { createEinvoiceSourceLoader } from './einvoice-sources.service';
import { runEinvoiceCycle } from './einvoice-worker.service';
import { setUpEinvoicesFixture } from './einvoices-test-fixture';

// The real source: the company settings, the client and the products of this database.
const f = setUpEinvoicesFixture((row) => createEinvoiceSourceLoader(f.t.ctx.db)(row));

describe('e-invoice source from the billing data', () => {
  it('refuses locally, with the reasons on the document, what LHDN would reject', async () => {
    // Above RM 10,000, so not set aside for a consolidated e-invoice: it needs the buyer's TIN.
    const invoice = await createInvoice(f.t, f.token, f.clientId, {
      items: [
        {
          productId: null,
          productName: 'Patrol licences',
          description: 'Fleet, one year',
          quantity: 1,
          unitPrice: 12_000,
          discount: 0,
        },
      ],
    });
    const clock = { now: Date.now() + 1_000 };
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    const [row] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.documentId, invoice.id));
    // No supplier or buyer TIN is set up in a fresh database: nothing leaves for MyInvois.
    expect(row!.status).toBe('invalid');
    expect(row!.errors.every((error) => error.source === 'local')).toBe(true);
    expect(row!.errors.map((error) => error.target)).toEqual(
      expect.arrayContaining(['supplier.tin', 'buyer.tin']),
    );
    expect((await f.standin.state()).requests.some((r) => r.endpoint === 'submit')).toBe(false);
  });

  it('builds the lines and totals of the invoice as issued', async () => {
    const invoice = await f.issueInvoice();
    const [row] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.documentId, invoice.id));
    const source = await createEinvoiceSourceLoader(f.t.ctx.db)(row!);
    expect(source).toMatchObject({ kind: 'invoice', number: invoice.invoiceNumber });
    expect(source.lines).toHaveLength(invoice.lineItems.length);
    expect(source.totals.payableSen).toBe(Math.round(invoice.totalAmount * 100));
  });

  it('builds a refund note (04) of the money paid back, referencing the invoice it refunds', async () => {
    const invoice = await f.issueInvoice();
    const validator = await f.t.signIn('accounts');
    const today = businessDay(new Date());
    await request(f.t.app)
      .put(`/api/business/invoices/${invoice.id}/process-payment`)
      .set(bearer(f.token))
      .send({
        amount: invoice.totalAmount,
        paymentMethod: 'bank_transfer',
        referenceNumber: 'TRX-RN',
        paymentDate: today,
      })
      .expect(200);
    await request(f.t.app)
      .put(`/api/invoices/${invoice.id}/validate-payment`)
      .set(bearer(validator))
      .send({})
      .expect(200);
    await request(f.t.app)
      .post(`/api/business/invoices/${invoice.id}/credit-notes`)
      .set(bearer(f.token))
      .send({ reason: 'Overcharge', amount: 10 })
      .expect(200);
    const note = await request(f.t.app)
      .post(`/api/business/invoices/${invoice.id}/refund-notes`)
      .set(bearer(f.token))
      .send({ reason: 'Overcharge paid back', amount: 10, method: 'cash', refundDate: today })
      .expect(200);
    const [row] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.documentId, note.body.note.id));
    expect(row).toMatchObject({ kind: 'refundNote', status: 'queued' });
    const source = await createEinvoiceSourceLoader(f.t.ctx.db)(row!);
    expect(source).toMatchObject({
      kind: 'refundNote',
      number: note.body.note.noteNumber,
      originalDocument: { number: invoice.invoiceNumber },
      lines: [
        {
          description: 'Overcharge paid back',
          quantity: 1,
          unitPriceSen: 1_000,
          taxTypeCode: '06',
          taxRatePercent: 0,
          taxAmountSen: 0,
        },
      ],
      totals: { taxSen: 0, payableSen: 1_000 },
    });
    expect(source.lines[0]).not.toHaveProperty('taxExemptionReason');
    // Only the parties (no supplier or buyer details in a fresh database) stop it locally.
    const checked = precheckEInvoiceSource(source);
    const fields = checked.ok ? [] : checked.errors.map((error) => error.field);
    expect(fields.filter((field) => !/^(supplier|buyer)\./.test(field))).toEqual([]);
    const document = buildUblDocument(source).Invoice[0]!;
    expect(document.InvoiceTypeCode).toEqual([{ _: '04', listVersionID: '1.1' }]);
  });
});
