import { randomUUID } from 'node:crypto';
import { addDays } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createAcceptedQuotation } from '../../../test/builders';
import { setUpInvoicesFixture, today } from './invoices-test-fixture';

describe('PUT /api/business/quotations/{id}/convert-to-invoice with dates', () => {
  const fixture = setUpInvoicesFixture();
  const accepted = () =>
    createAcceptedQuotation(fixture.t, fixture.admin, fixture.client.id, {
      paymentTerms: 'NET_15',
    });
  const convert = (id: string, body: Record<string, unknown>, token = fixture.sales) =>
    request(fixture.t.app)
      .put(`/api/business/quotations/${id}/convert-to-invoice`)
      .set(bearer(token))
      .send(body);

  it('dates the invoice as asked, the due date by the terms unless given', async () => {
    const issueDate = addDays(today(), -3);
    const termsOnly = await convert((await accepted()).id, { issueDate }).expect(200);
    expect(termsOnly.body.invoice).toMatchObject({ issueDate, dueDate: addDays(issueDate, 15) });
    const dueDate = addDays(today(), 40);
    const both = await convert((await accepted()).id, { issueDate, dueDate }).expect(200);
    expect(both.body.invoice).toMatchObject({ issueDate, dueDate });
  });

  it('refuses a due date before the invoice date and a malformed date (400), converting nothing', async () => {
    const quotation = await accepted();
    const early = await convert(quotation.id, {
      issueDate: today(),
      dueDate: addDays(today(), -1),
    }).expect(400);
    expect(early.body.errors).toEqual({ dueDate: 'Due date cannot be before the invoice date' });
    const beforeToday = await convert(quotation.id, { dueDate: addDays(today(), -1) }).expect(400);
    expect(beforeToday.body.errors).toEqual({
      dueDate: 'Due date cannot be before the invoice date',
    });
    const malformed = await convert(quotation.id, { issueDate: '31/12/2026' }).expect(400);
    expect(malformed.body.errors).toEqual({ issueDate: 'Invoice date must be a valid date' });
    await convert(quotation.id, {}).expect(200);
  });

  it('answers 404 for an unknown quotation and 403 without invoices.create', async () => {
    await convert(randomUUID(), { issueDate: today() }).expect(404);
    const { token } = await fixture.t.createUserWithToken({
      role: 'sales',
      permissions: ['quotations.view', 'quotations.edit'],
    });
    await convert((await accepted()).id, { issueDate: today() }, token).expect(403);
  });
});
