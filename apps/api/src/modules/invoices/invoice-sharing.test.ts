import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { bearer, buildClient, createInvoice } from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';
import { sharedLinkTtlMs } from '../../security/signed-links';
import { setUpInvoicesFixture } from './invoices-test-fixture';

describe('invoices API: signed links for WhatsApp', () => {
  const fixture = setUpInvoicesFixture();
  const shareLink = (id: string, token = fixture.sales) =>
    request(fixture.t.app).post(`/api/business/invoices/${id}/share-link`).set(bearer(token));
  /** The link's path and query, fetched without any account. */
  const open = (url: string) =>
    binaryBody(request(fixture.t.app).get(new URL(url).pathname + new URL(url).search));

  it("answers a 7-day link that opens the PDF without an account, and the client's mobile", async () => {
    const client = await buildClient(fixture.t, { phone: '+60 12-345 6789' });
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id);
    const before = Date.now();
    const response = await shareLink(invoice.id).expect(200);
    expect(response.body).toMatchObject({ success: true, mobile: '60123456789' });
    const expiresAt = Date.parse(response.body.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(sharedLinkTtlMs - 1000);
    const pdf = await open(response.body.url).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(pdf.body as Buffer)).join('\n')).toContain(invoice.invoiceNumber);
  });

  it('gives no mobile for a landline', async () => {
    const client = await buildClient(fixture.t, { phone: '03-2161 1234' });
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id);
    expect((await shareLink(invoice.id).expect(200)).body.mobile).toBeNull();
  });

  it('refuses a tampered link (403), another invoice with the same signature (403) and an expired one (410)', async () => {
    const invoice = await fixture.newInvoice();
    const other = await fixture.newInvoice();
    const { url } = (await shareLink(invoice.id).expect(200)).body as { url: string };
    const link = new URL(url);
    const signature = link.searchParams.get('signature')!;
    const expires = Number(link.searchParams.get('expires'));
    const tampered = await request(fixture.t.app)
      .get(link.pathname)
      .query({ expires: expires + 1000, signature })
      .expect(403);
    expect(tampered.body.message).toBe('This link is not valid. Ask the sender for a new one.');
    await request(fixture.t.app)
      .get(`/api/public/invoices/${other.id}/pdf`)
      .query({ expires, signature })
      .expect(403);
    await request(fixture.t.app).get(link.pathname).expect(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expires + 1);
      const expired = await request(fixture.t.app)
        .get(link.pathname + link.search)
        .expect(410);
      expect(expired.body.message).toBe('This link has expired. Ask the sender for a new one.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a void invoice (409), an unknown one (404) and a user without invoices.view (403)', async () => {
    const invoice = await fixture.newInvoice();
    await request(fixture.t.app)
      .post(`/api/business/invoices/${invoice.id}/revert`)
      .set(bearer(fixture.admin))
      .expect(200);
    const refused = await shareLink(invoice.id).expect(409);
    expect(refused.body.message).toBe('This invoice is void: it cannot be shared with the client');
    await shareLink(randomUUID()).expect(404);
    const { token } = await fixture.t.createUserWithToken({
      role: 'sales',
      permissions: ['clients.view'],
    });
    await shareLink(invoice.id, token).expect(403);
  });
});
