import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { quotations } from '../../db/schema';
import { bearer } from '../../../test/builders';
import { setUpQuotationsFixture } from './quotations-test-fixture';

describe('quotations API: status changes and sending', () => {
  const fixture = setUpQuotationsFixture();

  describe('PUT /api/business/quotations/{id}/status', () => {
    it('follows the workflow: draft -> rejected -> draft -> accepted', async () => {
      const quotation = await fixture.createQuotation();
      fixture.t.published.length = 0;
      const rejected = await fixture.setStatus(quotation.id, 'rejected').expect(200);
      expect(rejected.body.message).toBe('Quotation status updated to rejected');
      await fixture.setStatus(quotation.id, 'draft').expect(200);
      const accepted = await fixture.setStatus(quotation.id, 'accepted').expect(200);
      expect(accepted.body.quotation.status).toBe('accepted');
      expect(fixture.t.published.filter((e) => e.event === 'billingUpdated')).toHaveLength(3);
    });

    it('refuses illegal moves with 409 naming the current status; closed is permanent', async () => {
      const quotation = await fixture.createQuotation();
      const skip = await fixture.setStatus(quotation.id, 'closed').expect(409);
      expect(skip.body.message).toBe('This quotation is draft and cannot be marked closed');
      const converted = await fixture.setStatus(quotation.id, 'converted').expect(409);
      expect(converted.body.message).toBe(
        'A quotation becomes converted only through Convert to Invoice',
      );
      await fixture.setStatus(quotation.id, 'rejected').expect(200);
      await fixture.setStatus(quotation.id, 'closed').expect(200);
      const reopen = await fixture.setStatus(quotation.id, 'draft').expect(409);
      expect(reopen.body.message).toBe('This quotation is closed and cannot be marked draft');
    });

    it('answers 404, 400 and 403 as the other routes do', async () => {
      await fixture.setStatus(randomUUID(), 'accepted').expect(404);
      const quotation = await fixture.createQuotation();
      await fixture.setStatus(quotation.id, 'won').expect(400);
      const viewer = await fixture.t.signIn('sales', { permissions: ['quotations.view'] });
      await fixture.setStatus(quotation.id, 'accepted', viewer).expect(403);
    });
  });

  describe('POST /api/business/quotations/{id}/send', () => {
    it('marks a draft sent and records when; an accepted one cannot be sent (409)', async () => {
      const quotation = await fixture.createQuotation();
      const sent = await request(fixture.t.app)
        .post(`/api/business/quotations/${quotation.id}/send`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(sent.body).toMatchObject({
        message: 'Quotation marked as sent. No mail server is configured, so nothing was e-mailed.',
        quotation: { status: 'sent', sentTo: null },
      });
      const [row] = await fixture.t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, quotation.id));
      expect(row!.sentAt).toBeInstanceOf(Date);
      await fixture.setStatus(quotation.id, 'accepted').expect(200);
      await request(fixture.t.app)
        .post(`/api/business/quotations/${quotation.id}/send`)
        .set(bearer(fixture.sales))
        .expect(409);
      await request(fixture.t.app)
        .post(`/api/business/quotations/${randomUUID()}/send`)
        .set(bearer(fixture.sales))
        .expect(404);
    });
  });
});
