import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createInvoice } from '../../../test/builders';
import { einvoiceDocuments } from '../../db/schema';
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
});
