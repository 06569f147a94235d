import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createInvoice } from '../../../test/builders';
import { einvoiceDocuments } from '../../db/schema';
import { isPastConsolidationDeadline, malaysianMonthStart } from './einvoice-consolidation';
import { createEinvoiceSourceLoader } from './einvoice-sources.service';
import { runEinvoiceCycle } from './einvoice-worker.service';
import { setUpEinvoicesFixture } from './einvoices-test-fixture';

// The real source: these invoices' client gave no TIN.
const f = setUpEinvoicesFixture((row) => createEinvoiceSourceLoader(f.t.ctx.db)(row));

/** A supplier MyInvois accepts (the pre-check passes). */
const settings: CompanySettings = {
  ...structuredClone(defaultCompanySettings),
  companyName: 'Patrol Systems Sdn Bhd',
  address: {
    street: 'Lot 66, Bangunan Merdeka',
    city: 'Kuala Lumpur',
    state: 'Kuala Lumpur',
    postalCode: '50480',
    country: 'Malaysia',
  },
  phone: '+60123456789',
  email: 'billing@patrol.test',
  eInvoiceSupplier: {
    tin: 'C20880050010',
    brn: '201901234567',
    tourismTaxNumber: '',
    msicCode: '62010',
    businessActivityDescription: 'Computer programming activities',
    stateCode: '14',
    countryCode: 'MYS',
  },
};

beforeAll(async () => {
  await request(f.t.app).put('/api/settings').set(bearer(f.token)).send(settings).expect(200);
});

async function rowOf(documentId: string) {
  const [row] = await f.t.ctx.db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.documentId, documentId));
  return row!;
}

const submits = async () =>
  (await f.standin.state()).requests.filter((r) => r.endpoint === 'submit').length;

describe('consolidated e-invoices (buyers without a TIN)', () => {
  it('sets an invoice of RM 10,000 or less aside and submits one above it on its own', async () => {
    const small = await f.issueInvoice();
    const large = await createInvoice(f.t, f.token, f.clientId, {
      items: [
        {
          productId: null,
          productName: 'Patrol licences',
          description: 'Fleet, one year',
          quantity: 2,
          unitPrice: 6_000,
          discount: 0,
        },
      ],
    });
    const clock = { now: Date.now() + 1_000 };
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect(await rowOf(small.id)).toMatchObject({ status: 'consolidated', consolidatedInto: null });
    // Above RM 10,000 it needs its own e-invoice, and so the buyer's TIN.
    const own = await rowOf(large.id);
    expect(own.status).toBe('invalid');
    expect(own.errors.map((error) => error.target)).toContain('buyer.tin');
    expect(await submits()).toBe(0);
  });

  it("submits the month's consolidated e-invoice to General Public once the month ends", async () => {
    const first = await f.issueInvoice();
    const second = await f.issueInvoice();
    const clock = { now: Date.now() + 1_000 };
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect((await rowOf(second.id)).status).toBe('consolidated');

    clock.now = malaysianMonthStart(new Date(), 1).getTime() + 60_000;
    for (let i = 0; i < 5; i += 1) {
      await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
      clock.now += 4_000;
    }
    const member = await rowOf(first.id);
    expect(member.status).toBe('consolidated');
    const [carrier] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.id, member.consolidatedInto!));
    expect(carrier).toMatchObject({
      kind: 'consolidated',
      status: 'valid',
      clientName: 'General Public',
    });
    expect(carrier!.number).toMatch(/^CON-\d{6}-\d{2}$/);
    expect((await rowOf(second.id)).consolidatedInto).toBe(carrier!.id);

    const sent = (await f.standin.state()).documents.find((d) => d.internalId === carrier!.number);
    const invoice = JSON.parse((sent as unknown as { document: string }).document).Invoice[0];
    const buyer = invoice.AccountingCustomerParty[0].Party[0];
    expect(buyer.PartyIdentification[0].ID[0]).toEqual({ _: 'EI00000000010', schemeID: 'TIN' });
    expect(buyer.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
    const lines = invoice.InvoiceLine as {
      Item: { CommodityClassification: { ItemClassificationCode: { _: string }[] }[] }[];
    }[];
    expect(
      lines.every(
        (line) => line.Item[0]!.CommodityClassification[0]!.ItemClassificationCode[0]!._ === '004',
      ),
    ).toBe(true);
    expect(JSON.stringify(lines)).toContain(first.invoiceNumber);
    expect(invoice.InvoicePeriod[0].Description[0]._).toBe('Monthly');

    const detail = await request(f.t.app)
      .get(`/api/business/einvoices/${first.id}`)
      .set(bearer(f.token))
      .expect(200);
    expect(detail.body.document).toMatchObject({
      status: 'consolidated',
      consolidatedInto: { number: carrier!.number, status: 'valid' },
    });
    expect(detail.body.document.consolidatedInto.validationLink).toContain(carrier!.uuid);
  });

  it('consolidates the invoices of a cancelled consolidated e-invoice again, in a new one', async () => {
    const invoice = await f.issueInvoice();
    const clock = { now: malaysianMonthStart(new Date(), 1).getTime() + 60_000 };
    const carrierOf = async () => (await rowOf(invoice.id)).consolidatedInto;
    for (let i = 0; i < 5; i += 1) {
      await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
      clock.now += 4_000;
    }
    const firstCarrierId = await carrierOf();
    const [first] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.id, firstCarrierId!));
    expect(first).toMatchObject({ kind: 'consolidated', status: 'valid' });

    await request(f.t.app)
      .post(`/api/business/einvoices/${first!.documentId}/cancel`)
      .set(bearer(f.token))
      .send({ reason: 'Wrong month' })
      .expect(200);
    // Given back at once, carried again by a new consolidated e-invoice on the next cycles.
    expect(await rowOf(invoice.id)).toMatchObject({
      status: 'consolidated',
      consolidatedInto: null,
    });
    for (let i = 0; i < 5; i += 1) {
      await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
      clock.now += 4_000;
    }
    const secondCarrierId = await carrierOf();
    expect(secondCarrierId).not.toBeNull();
    expect(secondCarrierId).not.toBe(firstCarrierId);
    const [second] = await f.t.ctx.db
      .select()
      .from(einvoiceDocuments)
      .where(eq(einvoiceDocuments.id, secondCarrierId!));
    expect(second).toMatchObject({ kind: 'consolidated', status: 'valid' });
    expect(second!.number).not.toBe(first!.number);
  });

  it('flags a consolidated e-invoice not valid 7 days after its month ended, and nothing else', () => {
    const monthEnd = new Date(
      malaysianMonthStart(new Date('2026-10-15T00:00:00Z'), 1).getTime() - 1_000,
    );
    const carrier = { kind: 'consolidated', status: 'invalid', issueDate: monthEnd } as Parameters<
      typeof isPastConsolidationDeadline
    >[0];
    // November 1st, 00:00 in Malaysia is October 31st, 16:00 UTC; the deadline 7 days on.
    const deadline = new Date('2026-11-07T16:00:00Z');
    expect(isPastConsolidationDeadline(carrier, deadline)).toBe(false);
    const after = new Date(deadline.getTime() + 1_000);
    expect(isPastConsolidationDeadline(carrier, after)).toBe(true);
    expect(isPastConsolidationDeadline({ ...carrier, status: 'valid' }, after)).toBe(false);
    expect(isPastConsolidationDeadline({ ...carrier, status: 'cancelled' }, after)).toBe(false);
    expect(isPastConsolidationDeadline({ ...carrier, kind: 'invoice' }, after)).toBe(false);
  });
});
