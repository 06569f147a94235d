import { describe, expect, it } from 'vitest';
import {
  createProductBodySchema,
  listProductsQuerySchema,
  listProductsResponseSchema,
  updateProductBodySchema,
} from './products';
import { exampleProduct } from './test-examples';
import { examplePagination, fieldCases, messagesAt } from './test-support';

describe('product contracts', () => {
  it('parses a product list answer', () => {
    const answer = { success: true, products: [exampleProduct], pagination: examplePagination };
    expect(listProductsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('fills the editing defaults of a new product', () => {
    const body = { name: 'Support hour', unitPrice: 150, licenceType: 'Trial', validityDays: 14 };
    expect(createProductBodySchema.parse(body)).toMatchObject({
      category: 'licence',
      unit: 'piece',
      minQuantity: 1,
      taxable: true,
      active: true,
    });
  });

  it('refuses a licence type and validity on a product of another category', () => {
    const body = { name: 'Training', unitPrice: 1, category: 'training', licenceType: 'Standard' };
    expect(messagesAt(createProductBodySchema, body, 'licenceType')).toEqual([
      'Only a product of category licence has a licence type and validity',
    ]);
    const plain = { name: 'Training', unitPrice: 1, category: 'training' };
    expect(createProductBodySchema.parse(plain)).toMatchObject({
      licenceType: null,
      validityDays: null,
    });
  });

  it('leaves unsent fields out of an update instead of resetting them', () => {
    expect(updateProductBodySchema.parse({ unitPrice: 99.9 })).toEqual({ unitPrice: 99.9 });
  });

  it.each(
    fieldCases({ name: 'Support hour', unitPrice: 150, licenceType: 'Trial', validityDays: 14 }, [
      ['name', ' ', 'Product name is required'],
      ['licenceType', null, 'Choose the licence type this licence product sells'],
      ['validityDays', 0, 'Validity must be a whole number of days from 1 to 1825'],
      ['validityDays', null, 'Validity must be a whole number of days from 1 to 1825'],
      ['unitPrice', -1, 'Unit price must be 0 or more'],
      ['minQuantity', 0, 'Minimum quantity must be a whole number of at least 1'],
      ['unitPrice', undefined, 'Unit price must be 0 or more'],
    ]),
  )('says $message for $name', ({ input, path, message }) => {
    expect(messagesAt(createProductBodySchema, input, path)).toEqual([message]);
  });

  it('reads the status filter from the URL', () => {
    expect(listProductsQuerySchema.parse({ active: 'true', category: 'support' })).toMatchObject({
      active: true,
      category: 'support',
      limit: 20,
    });
  });
});
