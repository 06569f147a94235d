import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EInvoiceLine, EInvoiceSource } from './einvoice-source';
import { sampleEInvoiceSource } from './einvoice-source.fixture';
import { precheckEInvoiceSource } from './precheck-ubl-source';

function fieldsOf(source: EInvoiceSource): string[] {
  const result = precheckEInvoiceSource(source);
  return result.ok ? [] : result.errors.map((error) => error.field);
}

describe('precheckEInvoiceSource', () => {
  it('passes a complete, consistent invoice', () => {
    expect(precheckEInvoiceSource(sampleEInvoiceSource())).toEqual({ ok: true });
  });

  it('refuses TIN, BRN, SST and tourism tax numbers in the wrong format', () => {
    const source = sampleEInvoiceSource();
    source.supplier = {
      ...source.supplier,
      tin: '12345',
      idValue: '1234567-A',
      sstNumber: 'W10-1808',
      tourismTaxNumber: 'TTX',
    };
    source.buyer = { ...source.buyer, tin: 'X20880050010' };
    const result = precheckEInvoiceSource(source);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { field: 'supplier.tin', message: expect.stringMatching(/TIN must be/) },
        { field: 'supplier.idValue', message: expect.stringMatching(/12-digit SSM number/) },
        { field: 'supplier.sstNumber', message: expect.stringMatching(/SST registration number/) },
        {
          field: 'supplier.tourismTaxNumber',
          message: expect.stringMatching(/Tourism tax number/),
        },
        { field: 'buyer.tin', message: expect.stringMatching(/TIN must be/) },
      ]),
    );
  });

  it('accepts the general TINs and every ID type in its own format', () => {
    const source = sampleEInvoiceSource();
    source.buyer = {
      ...source.buyer,
      tin: 'EI00000000010',
      idType: 'NRIC',
      idValue: '880101145566',
    };
    expect(fieldsOf(source)).toEqual([]);
    source.buyer = { ...source.buyer, idType: 'NRIC', idValue: '880101-14-5566' };
    expect(fieldsOf(source)).toEqual(['buyer.idValue']);
    source.buyer = {
      ...source.buyer,
      tin: 'EI00000000020',
      idType: 'PASSPORT',
      idValue: 'A12345678',
    };
    expect(fieldsOf(source)).toEqual([]);
  });

  it("accepts a consolidated e-invoice's General Public buyer with NA details", () => {
    const source = sampleEInvoiceSource();
    source.buyer = {
      name: 'General Public',
      tin: 'EI00000000010',
      idType: 'BRN',
      idValue: 'NA',
      sstNumber: null,
      address: { lines: ['NA'], city: 'NA', postcode: '', stateCode: '17', countryCode: 'MYS' },
      phone: 'NA',
      email: null,
    };
    expect(fieldsOf(source)).toEqual([]);
    source.buyer = { ...source.buyer, address: { ...source.buyer.address, stateCode: '99' } };
    expect(fieldsOf(source)).toEqual(['buyer.address.stateCode']);
  });

  it('refuses codes that are not in the SDK tables', () => {
    const source = sampleEInvoiceSource();
    source.supplier = {
      ...source.supplier,
      msicCode: '99999',
      address: { ...source.supplier.address, stateCode: '18', countryCode: 'MAL' },
    };
    source.lines[0] = {
      ...source.lines[0]!,
      classificationCode: '999',
      unitCode: 'PCS',
      taxTypeCode: 'SST',
    };
    expect(fieldsOf(source)).toEqual(
      expect.arrayContaining([
        'supplier.msicCode',
        'supplier.address.stateCode',
        'supplier.address.countryCode',
        'lines[0].classificationCode',
        'lines[0].unitCode',
        'lines[0].taxTypeCode',
      ]),
    );
  });

  it('names the missing mandatory fields', () => {
    const source = sampleEInvoiceSource({ number: '', lines: [] });
    source.buyer = {
      ...source.buyer,
      name: ' ',
      phone: '',
      address: { ...source.buyer.address, lines: [], city: '' },
    };
    source.supplier = { ...source.supplier, businessActivityDescription: '' };
    expect(fieldsOf(source)).toEqual(
      expect.arrayContaining([
        'number',
        'lines',
        'buyer.name',
        'buyer.phone',
        'buyer.address.lines[0]',
        'buyer.address.city',
        'supplier.businessActivityDescription',
      ]),
    );
  });

  it('asks a note for the document it adjusts, and an exempt line for its reason', () => {
    const note = sampleEInvoiceSource({ kind: 'creditNote' });
    note.lines[1] = { ...note.lines[1]!, taxTypeCode: 'E', taxRatePercent: 0, taxAmountSen: 0 };
    note.totals = { ...note.totals, taxSen: 10800, taxInclusiveSen: 165800, payableSen: 165800 };
    expect(fieldsOf(note)).toEqual(['originalDocument', 'lines[1].taxExemptionReason']);
  });

  it('refuses a line whose subtotal, discount or tax do not follow from its parts', () => {
    const source = sampleEInvoiceSource();
    source.lines[0] = {
      ...source.lines[0]!,
      subtotalSen: 140000,
      discountSen: 150001,
      taxAmountSen: 999,
    };
    expect(fieldsOf(source)).toEqual(
      expect.arrayContaining([
        'lines[0].subtotalSen',
        'lines[0].discountSen',
        'lines[0].taxAmountSen',
      ]),
    );
  });

  it('refuses totals that do not add up, saying by how much', () => {
    const source = sampleEInvoiceSource();
    source.totals = { ...source.totals, taxSen: 12401 };
    const result = precheckEInvoiceSource(source);
    expect(result).toEqual({
      ok: false,
      errors: expect.arrayContaining([
        {
          field: 'totals.taxSen',
          message: 'Tax total is not the sum of the line taxes (124.01 instead of 124)',
        },
        { field: 'totals.taxInclusiveSen', message: expect.stringMatching(/plus tax/) },
      ]),
    });
  });

  // Lines built the way the billing module computes them always pass; any change of one total fails.
  const lineArbitrary = fc
    .record({
      quantity: fc.integer({ min: 1, max: 100 }),
      unitPriceSen: fc.integer({ min: 0, max: 5_000_000 }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      rate: fc.constantFrom(0, 6, 8, 10),
    })
    .map(({ quantity, unitPriceSen, discountPercent, rate }): EInvoiceLine => {
      const subtotalSen = quantity * unitPriceSen;
      const discountSen = Math.round((subtotalSen * discountPercent) / 100);
      return {
        id: '1',
        description: 'Line',
        classificationCode: '022',
        quantity,
        unitCode: 'C62',
        unitPriceSen,
        subtotalSen,
        discountSen,
        taxTypeCode: rate === 0 ? '06' : '02',
        taxRatePercent: rate,
        taxAmountSen: Math.round(((subtotalSen - discountSen) * rate) / 100),
      };
    });

  function withTotals(lines: EInvoiceLine[]): EInvoiceSource {
    const netSen = lines.reduce((sum, line) => sum + line.subtotalSen - line.discountSen, 0);
    const taxSen = lines.reduce((sum, line) => sum + line.taxAmountSen, 0);
    const discountSen = lines.reduce((sum, line) => sum + line.discountSen, 0);
    return sampleEInvoiceSource({
      lines,
      totals: {
        netSen,
        taxExclusiveSen: netSen,
        taxSen,
        taxInclusiveSen: netSen + taxSen,
        discountSen,
        payableSen: netSen + taxSen,
      },
    });
  }

  it('passes any consistently computed document and fails when one total is off (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(
          'netSen',
          'taxSen',
          'taxInclusiveSen',
          'payableSen',
          'discountSen',
          'taxExclusiveSen',
        ),
        fc.integer({ min: 1, max: 1000 }),
        (lines, total, delta) => {
          const source = withTotals(lines);
          expect(precheckEInvoiceSource(source)).toEqual({ ok: true });
          source.totals = {
            ...source.totals,
            [total]: source.totals[total as keyof typeof source.totals] + delta,
          };
          expect(fieldsOf(source)).toContain(`totals.${total}`);
        },
      ),
    );
  });
});
