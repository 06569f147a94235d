import { randomUUID } from 'node:crypto';
import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { quotationItems } from '../../db/schema';
import { bearer } from '../../../test/builders';
import { setUpQuotationsFixture } from './quotations-test-fixture';

describe('quotations API: editing and deleting', () => {
  const fixture = setUpQuotationsFixture();
  const saveTaxSettings = (taxSettings: Partial<CompanySettings['taxSettings']>) =>
    request(fixture.t.app)
      .put('/api/settings')
      .set(bearer(fixture.admin))
      .send({
        ...defaultCompanySettings,
        taxSettings: { ...defaultCompanySettings.taxSettings, ...taxSettings },
      })
      .expect(200);

  describe('PUT /api/business/quotations/{id}', () => {
    it('replaces the lines and recomputes every total', async () => {
      const quotation = await fixture.createQuotation();
      const response = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.sales))
        .send({
          items: [{ productName: 'Guard tour', quantity: 3, unitPrice: 0.1, taxType: 'EXEMPT' }],
          notes: 'Revised',
        })
        .expect(200);
      expect(response.body).toMatchObject({
        message: 'Quotation updated successfully',
        quotation: { subtotal: 0.3, taxAmount: 0, totalAmount: 0.3, notes: 'Revised' },
      });
      const lines = await fixture.t.database.db
        .select()
        .from(quotationItems)
        .where(eq(quotationItems.quotationId, quotation.id));
      expect(lines.map((line) => line.productName)).toEqual(['Guard tour']);
    });

    it('keeps each kept line’s tax as saved when the settings’ rates change, ignoring a sent taxRate', async () => {
      const quotation = await fixture.createQuotation();
      await saveTaxSettings({ sstPercentage: 6 });
      const response = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .send({ taxRate: 0.06, notes: 'Same lines' })
        .expect(200);
      expect(response.body.quotation).toMatchObject({
        subtotal: 200,
        taxAmount: 16,
        totalAmount: 216,
        taxRate: 0.08,
      });
      expect(response.body.quotation.items).toMatchObject([
        { taxType: 'SERVICE_TAX', taxRate: 0.08 },
      ]);
      await saveTaxSettings({});
    });

    it('refuses to edit an accepted quotation (409), its lines and totals unchanged', async () => {
      const quotation = await fixture.createQuotation();
      await fixture.setStatus(quotation.id, 'accepted').expect(200);
      const refused = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .send({ notes: 'after acceptance', taxRate: 0.1 })
        .expect(409);
      expect(refused.body.message).toBe(
        'Accepted, converted and closed quotations cannot be edited',
      );
      const stored = await request(fixture.t.app)
        .get(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(stored.body.quotation).toMatchObject({
        notes: quotation.notes,
        totalAmount: quotation.totalAmount,
        items: quotation.items,
      });
    });

    it('refuses to edit a closed quotation (409), an unknown one (404), bad input (400), no permission (403)', async () => {
      const quotation = await fixture.createQuotation();
      await fixture.setStatus(quotation.id, 'rejected').expect(200);
      await fixture.setStatus(quotation.id, 'closed').expect(200);
      const closed = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .send({ notes: 'again' })
        .expect(409);
      expect(closed.body.message).toBe(
        'Accepted, converted and closed quotations cannot be edited',
      );
      await request(fixture.t.app)
        .put(`/api/business/quotations/${randomUUID()}`)
        .set(bearer(fixture.admin))
        .send({ notes: 'x' })
        .expect(404);
      const bad = await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .send({ validityDays: 10 })
        .expect(400);
      expect(bad.body.errors).toEqual({
        validityDays: 'Choose a validity of 7, 14, 21, 30, 45, 60 or 90 days',
      });
      const viewer = await fixture.t.signIn('sales', { permissions: ['quotations.view'] });
      await request(fixture.t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(viewer))
        .send({ notes: 'x' })
        .expect(403);
    });
  });

  describe('DELETE /api/business/quotations/{id}', () => {
    it('deletes a draft with its lines', async () => {
      const quotation = await fixture.createQuotation();
      const response = await request(fixture.t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .expect(200);
      expect(response.body).toEqual({ success: true, message: 'Quotation deleted successfully' });
      expect(
        await fixture.t.database.db
          .select()
          .from(quotationItems)
          .where(eq(quotationItems.quotationId, quotation.id)),
      ).toEqual([]);
    });

    it('refuses a closed quotation (409), an unknown one (404) and a sales user (403)', async () => {
      const quotation = await fixture.createQuotation();
      await fixture.setStatus(quotation.id, 'rejected').expect(200);
      await fixture.setStatus(quotation.id, 'closed').expect(200);
      const closed = await request(fixture.t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.admin))
        .expect(409);
      expect(closed.body.message).toBe(
        'Accepted, converted and closed quotations cannot be deleted',
      );
      await request(fixture.t.app)
        .delete(`/api/business/quotations/${randomUUID()}`)
        .set(bearer(fixture.admin))
        .expect(404);
      await request(fixture.t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(fixture.sales))
        .expect(403);
    });
  });
});
