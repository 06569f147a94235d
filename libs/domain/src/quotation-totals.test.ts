import { describe, expect, it } from 'vitest';
import {
  lineTaxesSen,
  calculateQuotationTotals,
  quotationLine,
  taxSen,
  type QuotationItemInput,
} from './quotation-totals';

describe('quotationLine', () => {
  it.each<
    [
      string,
      QuotationItemInput,
      { quantity: number; unitPriceSen: number; discountPercent: number; lineTotalSen: number },
    ]
  >([
    [
      'a plain line',
      { quantity: 2, unitPrice: 100, discount: 0 },
      { quantity: 2, unitPriceSen: 10000, discountPercent: 0, lineTotalSen: 20000 },
    ],
    [
      'a 10 percent discount',
      { quantity: 3, unitPrice: '199.90', discount: 10 },
      { quantity: 3, unitPriceSen: 19990, discountPercent: 10, lineTotalSen: 53973 },
    ],
    [
      'rounds half a sen up',
      { quantity: 3, unitPrice: 0.35, discount: 50 },
      { quantity: 3, unitPriceSen: 35, discountPercent: 50, lineTotalSen: 53 },
    ],
    [
      'rounds below half a sen down',
      { quantity: 1, unitPrice: 0.33, discount: 60 },
      { quantity: 1, unitPriceSen: 33, discountPercent: 60, lineTotalSen: 13 },
    ],
    [
      'rounds exactly half a sen up',
      { quantity: 1, unitPrice: 0.33, discount: 50 },
      { quantity: 1, unitPriceSen: 33, discountPercent: 50, lineTotalSen: 17 },
    ],
    [
      'a fractional discount without drift',
      { quantity: 1, unitPrice: 100, discount: 33.33 },
      { quantity: 1, unitPriceSen: 10000, discountPercent: 33.33, lineTotalSen: 6667 },
    ],
    [
      'a fractional quantity',
      { quantity: '1.5', unitPrice: 80, discount: 0 },
      { quantity: 1.5, unitPriceSen: 8000, discountPercent: 0, lineTotalSen: 12000 },
    ],
    [
      'quantity 0 becomes 1',
      { quantity: 0, unitPrice: 10 },
      { quantity: 1, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 1000 },
    ],
    [
      'quantity 0.5 becomes 1',
      { quantity: 0.5, unitPrice: 10 },
      { quantity: 1, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 1000 },
    ],
    [
      'a non-numeric quantity becomes 1',
      { quantity: 'two', unitPrice: 10 },
      { quantity: 1, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 1000 },
    ],
    [
      'a missing quantity becomes 1',
      { unitPrice: 10 },
      { quantity: 1, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 1000 },
    ],
    [
      'a non-numeric price becomes 0',
      { quantity: 5, unitPrice: 'free' },
      { quantity: 5, unitPriceSen: 0, discountPercent: 0, lineTotalSen: 0 },
    ],
    [
      'a negative price becomes 0',
      { quantity: 5, unitPrice: -10 },
      { quantity: 5, unitPriceSen: 0, discountPercent: 0, lineTotalSen: 0 },
    ],
    [
      'a discount over 100 is 100',
      { quantity: 2, unitPrice: 10, discount: 150 },
      { quantity: 2, unitPriceSen: 1000, discountPercent: 100, lineTotalSen: 0 },
    ],
    [
      'a negative discount is 0',
      { quantity: 2, unitPrice: 10, discount: -5 },
      { quantity: 2, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 2000 },
    ],
    [
      'a non-numeric discount is 0',
      { quantity: 2, unitPrice: 10, discount: 'lots' },
      { quantity: 2, unitPriceSen: 1000, discountPercent: 0, lineTotalSen: 2000 },
    ],
  ])('%s', (_name, item, expected) => {
    expect(quotationLine(item)).toEqual(expected);
  });
});

describe('taxSen', () => {
  it.each<[number, number | string | undefined, number]>([
    [10000, undefined, 800],
    [10000, 0.08, 800],
    [10000, '0.08', 800],
    [1006, 0.08, 80],
    [1007, 0.08, 81],
    [6250, 0.08, 500],
    [10000, 0, 0],
    [10000, -0.08, 0],
    [10000, 'none', 0],
    [10000, 0.06, 600],
  ])('tax on %i sen at %j is %i sen', (subtotal, rate, expected) => {
    expect(taxSen(subtotal, rate)).toBe(expected);
  });
});

describe('calculateQuotationTotals', () => {
  it('adds lines, tax at 8 percent by default, and the total', () => {
    const totals = calculateQuotationTotals([
      { quantity: 2, unitPrice: 1500, discount: 0 },
      { quantity: 10, unitPrice: '49.90', discount: 10 },
      { quantity: 1, unitPrice: 0.1 },
      { quantity: 1, unitPrice: 0.2 },
    ]);
    expect(totals.lines.map((line) => line.lineTotalSen)).toEqual([300000, 44910, 10, 20]);
    expect(totals).toMatchObject({
      subtotalSen: 344940,
      discountSen: 4990,
      taxSen: 27595,
      totalSen: 372535,
    });
  });

  it.each<[string, number | string | null | undefined, number, number]>([
    ['null uses the default rate', null, 800, 10800],
    ['a zero rate charges no tax', 0, 0, 10000],
    ['a string rate from a numeric column', '0.10', 1000, 11000],
  ])('%s', (_name, rate, tax, total) => {
    const totals = calculateQuotationTotals([{ quantity: 1, unitPrice: 100 }], rate);
    expect(totals.taxSen).toBe(tax);
    expect(totals.totalSen).toBe(total);
  });

  it('is all zero for no items', () => {
    expect(calculateQuotationTotals([])).toEqual({
      lines: [],
      subtotalSen: 0,
      discountSen: 0,
      subtotalBeforeDiscountSen: 0,
      taxes: [],
      taxSen: 0,
      totalSen: 0,
    });
  });
});

describe('lineTaxesSen', () => {
  it('taxes each line and lets the last line carry the rounding, so the lines add up', () => {
    // 3 lines of RM 0.05 at 8%: 0.4 sen each rounds to 0, but the subtotal's tax is 1.2 -> 1 sen.
    expect(lineTaxesSen([5, 5, 5], 0.08, 1)).toEqual([0, 0, 1]);
    expect(lineTaxesSen([10000, 2500], 0.08, 1000)).toEqual([800, 200]);
    expect(lineTaxesSen([], 0.08, 0)).toEqual([]);
  });
});
