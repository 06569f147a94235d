import { describe, expect, it } from 'vitest';
import {
  createQuotationBodySchema,
  listQuotationsResponseSchema,
  updateQuotationBodySchema,
  updateQuotationStatusBodySchema,
} from './quotations';
import { exampleQuotation } from './test-examples';
import { exampleId, examplePagination, fieldCases, messagesAt } from './test-support';

const validCreate = {
  clientId: exampleId,
  items: [{ productName: 'Patrol Licence', quantity: 2, unitPrice: 1200 }],
};

describe('quotation contracts', () => {
  it('parses a quotation list answer', () => {
    const answer = { success: true, quotations: [exampleQuotation], pagination: examplePagination };
    expect(listQuotationsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('fills the spec defaults: 30 days, NET_30, no discount (the tax comes per line)', () => {
    const body = createQuotationBodySchema.parse(validCreate);
    expect(body).toMatchObject({
      validityDays: 30,
      paymentTerms: 'NET_30',
      discountAmount: 0,
    });
    expect(body.items[0]).toMatchObject({ discount: 0, description: '' });
  });

  it.each(
    fieldCases(validCreate, [
      ['clientId', undefined, 'Please select a client'],
      ['clientId', '', 'Please select a client'],
      ['items', [], 'Add at least one item'],
      ['items.0.productName', ' ', 'Item name is required'],
      ['items.0.quantity', 0, 'Quantity must be at least 1'],
      ['items.0.unitPrice', -5, 'Unit price must be 0 or more'],
      ['items.0.discount', 101, 'Discount must be between 0 and 100'],
      ['validityDays', 31, 'Choose a validity of 7, 14, 21, 30, 45, 60 or 90 days'],
    ]),
  )('says $message for $name', ({ input, path, message }) => {
    expect(messagesAt(createQuotationBodySchema, input, path)).toEqual([message]);
  });

  it('updates only the sent fields and accepts only known statuses', () => {
    expect(updateQuotationBodySchema.parse({ notes: 'Revised' })).toEqual({ notes: 'Revised' });
    expect(updateQuotationStatusBodySchema.safeParse({ status: 'approved' }).success).toBe(false);
  });
});
