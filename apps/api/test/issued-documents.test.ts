import { businessDay } from '@patrol/domain';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../src/app';
import {
  invoiceLineItems,
  invoiceNotes,
  invoices,
  receiptAllocations,
  receipts,
  type InvoiceRow,
} from '../src/db/schema';
import type { Route } from '../src/http/route';
import { bearer, buildClient, buildQuotationForm, createInvoice } from './builders';
import { createTestContext, type TestContext } from './test-context';

/**
 * An issued invoice, receipt or credit note cannot be edited by any route: every declared
 * mutating route with a path parameter is called with the id of each issued document (and of the
 * quotation an invoice came from), with a valid body, and the documents' stored content must be
 * as it was. Only the state transitions the spec allows may differ: payment status and amounts,
 * validation, sent, void, and the correction notes a rejection appends.
 */

const mutating = new Set<Route['method']>(['post', 'put', 'patch', 'delete']);
const billingTags = [
  'invoices',
  'receipts',
  'quotations',
  'credit-notes',
  'debit-notes',
  'refund-notes',
  'einvoices',
];
const routeName = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

/** A valid body for each billing route that reads one; a new billing route must add its own. */
const validBodies: Record<string, () => object> = {
  'PUT /api/business/invoices/:id/process-payment': () => ({
    amount: 1,
    paymentMethod: 'bank_transfer',
    referenceNumber: 'TRX-WALK',
    paymentDate: businessDay(new Date()),
  }),
  'PUT /api/invoices/:id/validate-payment': () => ({ validationNotes: 'Walked' }),
  'PUT /api/invoices/:id/reject-payment': () => ({ rejectionReason: 'Walked' }),
  'POST /api/business/invoices/:id/payments/:paymentId/validate': () => ({
    validationNotes: 'Walked',
  }),
  'POST /api/business/invoices/:id/payments/:paymentId/reject': () => ({
    rejectionReason: 'Walked',
  }),
  'PUT /api/business/quotations/:id': () => ({
    notes: 'Edited by the walk',
    taxRate: 0.1,
    items: buildQuotationForm(clientId).items.map((item) => ({ ...item, quantity: 9 })),
  }),
  'PUT /api/business/quotations/:id/status': () => ({ status: 'rejected' }),
  'PUT /api/business/quotations/:id/convert-to-invoice': () => ({}),
  'POST /api/business/quotations': () => buildQuotationForm(clientId),
  'POST /api/business/invoices/:id/credit-notes': () => ({ reason: 'Walked', amount: 1 }),
  'POST /api/business/invoices/:id/debit-notes': () => ({ reason: 'Walked', amount: 1 }),
  'POST /api/business/invoices/:id/refund-notes': () => ({
    reason: 'Walked',
    amount: 1,
    method: 'bank_transfer',
    refundDate: businessDay(new Date()),
  }),
  'PUT /api/business/renewals/clients/:companyId': () => ({ autoRenewal: true }),
  'POST /api/business/invoices/:id/licences/revoke': () => ({}),
  'POST /api/business/einvoices/:documentId/cancel': () => ({ reason: 'Walked' }),
};

let t: TestContext;
let clientId: string;
let superadmin: string;

/** What must never change on an issued invoice. */
async function invoiceContent(id: string) {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  const lines = await t.database.db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, id))
    .orderBy(asc(invoiceLineItems.position));
  const pick = (invoice: InvoiceRow) => ({
    invoiceNumber: invoice.invoiceNumber,
    clientId: invoice.clientId,
    clientInfo: invoice.clientInfo,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms,
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    discountAmount: invoice.discountAmount,
    totalAmount: invoice.totalAmount,
    quotationId: invoice.quotationId,
  });
  return { invoice: pick(row!), lines };
}

/** A receipt as issued: every column and its allocations. */
async function receiptContent(id: string) {
  const [row] = await t.database.db.select().from(receipts).where(eq(receipts.id, id));
  const allocations = await t.database.db
    .select()
    .from(receiptAllocations)
    .where(eq(receiptAllocations.receiptId, id));
  return { row, allocations };
}

/** A credit or refund note as issued: every column. */
async function noteContent(id: string) {
  const [row] = await t.database.db.select().from(invoiceNotes).where(eq(invoiceNotes.id, id));
  return row;
}

beforeAll(async () => {
  t = await createTestContext();
  superadmin = await t.signIn('superadmin');
  clientId = (await buildClient(t, { companyName: 'Walked Client Sdn Bhd' })).id;
});
afterAll(() => t.close());

async function issueDocuments() {
  const paid = await createInvoice(t, superadmin, clientId);
  const unpaid = await createInvoice(t, superadmin, clientId);
  const accounts = await t.signIn('accounts');
  await request(t.app)
    .put(`/api/business/invoices/${paid.id}/process-payment`)
    .set(bearer(accounts))
    .send({ ...validBodies['PUT /api/business/invoices/:id/process-payment']!(), amount: 216 })
    .expect(200);
  await request(t.app)
    .put(`/api/invoices/${paid.id}/validate-payment`)
    .set(bearer(superadmin))
    .send({})
    .expect(200);
  const [receipt] = await t.database.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.invoiceNumbers, [paid.invoiceNumber]));
  const note = await request(t.app)
    .post(`/api/business/invoices/${paid.id}/credit-notes`)
    .set(bearer(superadmin))
    .send({ reason: 'Walk credit', amount: 5 })
    .expect(200);
  const refund = await request(t.app)
    .post(`/api/business/invoices/${paid.id}/refund-notes`)
    .set(bearer(superadmin))
    .send({ ...validBodies['POST /api/business/invoices/:id/refund-notes']!(), amount: 2 })
    .expect(200);
  return {
    paid,
    unpaid,
    receiptId: receipt!.id,
    noteId: note.body.note.id as string,
    refundNoteId: refund.body.note.id as string,
  };
}

describe('issued documents', () => {
  it('are not changed by any mutating route called with their ids', async () => {
    const { paid, unpaid, receiptId, noteId, refundNoteId } = await issueDocuments();
    const before = {
      paid: await invoiceContent(paid.id),
      unpaid: await invoiceContent(unpaid.id),
      receipt: await receiptContent(receiptId),
      note: await noteContent(noteId),
      refundNote: await noteContent(refundNoteId),
    };
    const targets = [
      paid.id,
      unpaid.id,
      receiptId,
      noteId,
      refundNoteId,
      paid.quotationId!,
      unpaid.quotationId!,
    ];

    // Reverts last, so the routes before them meet a live invoice (a voided one refuses them).
    const walked = declaredRoutes(t.app)
      .filter((route) => mutating.has(route.method) && route.path.includes(':'))
      .sort((a, b) => Number(a.path.endsWith('/revert')) - Number(b.path.endsWith('/revert')));
    const billing = walked.filter((route) => route.tags.some((tag) => billingTags.includes(tag)));
    const withoutBody = billing
      .filter((route) => route.body && !validBodies[routeName(route)])
      .map(routeName);
    // A billing route that reads a body needs a valid one here, or the walk proves nothing for it.
    expect(withoutBody).toEqual([]);
    expect(billing.map(routeName)).toEqual(
      expect.arrayContaining([
        'PUT /api/business/invoices/:id/process-payment',
        'POST /api/business/invoices/:id/send',
        'POST /api/business/invoices/:id/revert',
        'PUT /api/invoices/:id/validate-payment',
        'PUT /api/invoices/:id/reject-payment',
        'PUT /api/business/quotations/:id',
        'POST /api/business/invoices/:id/credit-notes',
        'POST /api/business/invoices/:id/debit-notes',
        'POST /api/business/invoices/:id/refund-notes',
      ]),
    );

    const statuses: string[] = [];
    for (const target of targets) {
      for (const route of walked) {
        const path = route.path.replace(/:(\w+)/g, target);
        const body = validBodies[routeName(route)]?.() ?? {};
        const response = await request(t.app)
          [route.method](path)
          .set(bearer(superadmin))
          .send(body);
        expect(response.status, `${routeName(route)} answered ${response.status}`).toBeLessThan(
          500,
        );
        statuses.push(`${routeName(route)} ${response.status}`);
        expect(await invoiceContent(paid.id), routeName(route)).toEqual(before.paid);
        expect(await invoiceContent(unpaid.id), routeName(route)).toEqual(before.unpaid);
        expect(await receiptContent(receiptId), routeName(route)).toEqual(before.receipt);
        expect(await noteContent(noteId), routeName(route)).toEqual(before.note);
        expect(await noteContent(refundNoteId), routeName(route)).toEqual(before.refundNote);
      }
    }
    // The walk reached the routes that may change an invoice's state, and they did their work.
    expect(statuses).toContain('PUT /api/business/invoices/:id/process-payment 200');
    expect(statuses).toContain('POST /api/business/invoices/:id/send 200');
    expect(statuses).toContain('POST /api/business/invoices/:id/credit-notes 200');
    expect(statuses).toContain('POST /api/business/invoices/:id/debit-notes 200');
    expect(statuses).toContain('POST /api/business/invoices/:id/refund-notes 200');
    expect(statuses).toContain('PUT /api/business/quotations/:id 409');
  });
});
