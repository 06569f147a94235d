import { describe, expect, it } from 'vitest';
import {
  lineTaxType,
  percentToRate,
  ratePercentText,
  summariseLineTaxes,
  taxGroupLabel,
  taxRateOf,
  type TaxSettingsInput,
} from './document-tax';
import { documentTotalsRows } from './document-totals-rows';
import { calculateDocumentTotals } from './quotation-totals';

const settings: TaxSettingsInput = {
  sstPercentage: 8,
  salesTaxPercentage: 10,
  defaultTaxType: 'SERVICE_TAX',
};

describe('lineTaxType', () => {
  it('takes the line’s own type, else the product’s, else the settings’ default', () => {
    const product = { taxable: true, taxType: 'SALES_TAX' as const };
    expect(lineTaxType({ taxType: 'EXEMPT', product }, settings)).toBe('EXEMPT');
    expect(lineTaxType({ product }, settings)).toBe('SALES_TAX');
    expect(lineTaxType({ product: { taxable: false, taxType: 'SALES_TAX' } }, settings)).toBe(
      'EXEMPT',
    );
    expect(lineTaxType({}, settings)).toBe('SERVICE_TAX');
    expect(lineTaxType({ product: null }, { defaultTaxType: 'EXEMPT' })).toBe('EXEMPT');
  });
});

describe('taxRateOf and percentToRate', () => {
  it('gives each type its settings rate as an exact fraction, and exempt none', () => {
    expect(taxRateOf('SERVICE_TAX', settings)).toBe(0.08);
    expect(taxRateOf('SALES_TAX', settings)).toBe(0.1);
    expect(taxRateOf('EXEMPT', settings)).toBe(0);
    expect(percentToRate(8.3)).toBe(0.083);
    expect(percentToRate(100)).toBe(1);
    expect(percentToRate(-1)).toBe(0);
    expect(ratePercentText(0.065)).toBe('6.5%');
  });
});

describe('calculateDocumentTotals', () => {
  const mixed = calculateDocumentTotals([
    { quantity: 2, unitPrice: 100, discount: 10, taxType: 'SALES_TAX', taxRate: 0.1 },
    { quantity: 1, unitPrice: 50, taxType: 'SERVICE_TAX', taxRate: 0.08 },
    { quantity: 3, unitPrice: 0.05, taxType: 'SERVICE_TAX', taxRate: 0.08 },
    { quantity: 1, unitPrice: 30, taxType: 'EXEMPT', taxRate: 0.08 },
  ]);

  it('charges each type and rate on the sum of its lines, and nothing on exempt lines', () => {
    // Sales: 200 less 10% = 180.00 at 10% = 18.00. Service: 50.00 + 0.15 = 50.15 at 8% = 4.012
    // -> 4.01. Exempt 30.00, no tax.
    expect(mixed.taxes).toEqual([
      { taxType: 'SALES_TAX', taxRate: 0.1, taxableSen: 18000, taxSen: 1800 },
      { taxType: 'SERVICE_TAX', taxRate: 0.08, taxableSen: 5015, taxSen: 401 },
      { taxType: 'EXEMPT', taxRate: 0, taxableSen: 3000, taxSen: 0 },
    ]);
    expect(mixed).toMatchObject({
      subtotalBeforeDiscountSen: 28015,
      discountSen: 2000,
      subtotalSen: 26015,
      taxSen: 2201,
      totalSen: 28216,
    });
  });

  it('gives each line its share of its rate’s tax, adding up exactly', () => {
    expect(mixed.lines.map((line) => [line.taxRate, line.taxSen])).toEqual([
      [0.1, 1800],
      [0.08, 400],
      [0.08, 1],
      [0, 0],
    ]);
    expect(summariseLineTaxes(mixed.lines)).toEqual(mixed.taxes);
  });

  it('lays the totals out once for every surface, the discount taken off only once', () => {
    const rows = documentTotalsRows(mixed);
    expect(rows.map((row) => [row.label, row.amountSen])).toEqual([
      ['Subtotal before discount', 28015],
      ['Discount', 2000],
      ['Subtotal', 26015],
      ['SST sales tax 10%', 1800],
      ['SST service tax 8%', 401],
      ['Total', 28216],
    ]);
    const noDiscount = calculateDocumentTotals([
      { quantity: 1, unitPrice: 10, taxType: 'SERVICE_TAX', taxRate: 0.08 },
    ]);
    expect(documentTotalsRows(noDiscount).map((row) => row.label)).toEqual([
      'Subtotal',
      'SST service tax 8%',
      'Total',
    ]);
    expect(taxGroupLabel({ taxType: 'EXEMPT', taxRate: 0 })).toBe('Exempt');
  });
});
