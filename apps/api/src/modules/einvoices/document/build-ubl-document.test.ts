import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildUblDocument } from './build-ubl-document';
import type { EInvoiceSource } from './einvoice-source';
import { sampleEInvoiceSource } from './einvoice-source.fixture';
import {
  sdkSampleBuyerParty,
  sdkSampleHeader,
  sdkSampleLineParts,
  sdkSampleLineTaxTotal,
  sdkSampleNamespaces,
  sdkSampleSupplierParty,
  sdkSampleTaxCategory,
} from './sdk-samples.fixture';
import type { UblElement } from './ubl-json';

// The SDK sample's parties as a source (signature-creation-json page, sample JSON-INV12345).
function sdkSampleSource(): EInvoiceSource {
  const address = {
    lines: ['Lot 66', 'Bangunan Merdeka', 'Persiaran Jaya'],
    city: 'Kuala Lumpur',
    postcode: '50480',
    stateCode: '10',
    countryCode: 'MYS',
  };
  const base = sampleEInvoiceSource();
  return {
    ...base,
    number: 'JSON-INV12345',
    issueDate: '2024-07-23',
    issueTime: '00:30:00',
    period: { startDate: '2024-01-01', endDate: '2024-07-31', description: 'Monthly' },
    supplier: {
      name: "Supplier's Name",
      tin: "Supplier's TIN",
      idType: 'BRN',
      idValue: "Supplier's BRN",
      sstNumber: null,
      tourismTaxNumber: null,
      msicCode: '46510',
      businessActivityDescription: 'Wholesale of computer hardware, software and peripherals',
      phone: '+60-123456789',
      email: 'supplier@email.com',
      address,
    },
    buyer: {
      name: "Buyer's Name",
      tin: "Buyer's TIN",
      idType: 'BRN',
      idValue: "Buyer's BRN",
      sstNumber: null,
      phone: '+60-123456789',
      email: 'buyer@email.com',
      address,
    },
    lines: [
      {
        id: '1234',
        description: 'Laptop Peripherals',
        classificationCode: '003',
        quantity: 1,
        unitCode: 'C62',
        unitPriceSen: 1700,
        subtotalSen: 10000,
        discountSen: 0,
        taxTypeCode: 'E',
        taxRatePercent: 6,
        taxAmountSen: 146050,
        taxExemptionReason: 'Exempt New Means of Transport',
      },
    ],
  };
}

const json = (value: unknown) => JSON.stringify(value);
const numbersBlanked = (text: string) => text.replace(/"_":-?\d+(\.\d+)?/g, '"_":0');
const first = (element: UblElement, key: string) => (element[key] as UblElement[])[0]!;

describe('buildUblDocument against the SDK sample', () => {
  const doc = buildUblDocument(sdkSampleSource());
  const invoice = doc.Invoice[0];

  it('opens with the sample namespaces and one Invoice', () => {
    const { _D, _A, _B } = doc;
    expect(json({ _D, _A, _B })).toBe(sdkSampleNamespaces);
    expect(doc.Invoice).toHaveLength(1);
  });

  it('writes the header elements of the sample, in its order, as version 1.1', () => {
    const keys = [
      'ID',
      'IssueDate',
      'IssueTime',
      'InvoiceTypeCode',
      'DocumentCurrencyCode',
      'TaxCurrencyCode',
      'InvoicePeriod',
    ];
    expect(Object.keys(invoice).slice(0, keys.length)).toEqual(keys);
    expect(json(Object.fromEntries(keys.map((key) => [key, invoice[key]])))).toBe(sdkSampleHeader);
  });

  it('writes the supplier and buyer parties byte for byte as the sample', () => {
    expect(json(first(first(invoice, 'AccountingSupplierParty'), 'Party'))).toBe(
      sdkSampleSupplierParty,
    );
    expect(json(first(first(invoice, 'AccountingCustomerParty'), 'Party'))).toBe(
      sdkSampleBuyerParty,
    );
  });

  it("writes a line's quantity, price, price extension and tax total as the sample", () => {
    const line = first(invoice, 'InvoiceLine');
    expect(json(line.InvoicedQuantity)).toBe(sdkSampleLineParts.InvoicedQuantity);
    expect(json(line.Price)).toBe(sdkSampleLineParts.Price);
    expect(json(line.ItemPriceExtension)).toBe(sdkSampleLineParts.ItemPriceExtension);
    // The sample's own amounts do not add up (taxable 1460.5 on a 100 subtotal): shape only.
    expect(numbersBlanked(json(first(line, 'TaxTotal')))).toBe(
      numbersBlanked(sdkSampleLineTaxTotal),
    );
    expect(json(first(line, 'Item'))).toBe(
      '{"CommodityClassification":[{"ItemClassificationCode":[{"_":"003","listID":"CLASS"}]}],"Description":[{"_":"Laptop Peripherals"}]}',
    );
  });

  it('writes the tax category of a document tax subtotal as the sample', () => {
    const source = sampleEInvoiceSource();
    source.lines = source.lines.map((line) => ({
      ...line,
      taxTypeCode: '01',
      taxRatePercent: 10,
      taxAmountSen: Math.round((line.subtotalSen - line.discountSen) / 10),
    }));
    const subtotal = first(first(buildUblDocument(source).Invoice[0], 'TaxTotal'), 'TaxSubtotal');
    expect(json(subtotal.TaxCategory)).toBe(sdkSampleTaxCategory);
  });

  it('keeps the top-level order of the sample (parties, taxes, totals, lines)', () => {
    expect(Object.keys(invoice).slice(7)).toEqual([
      'AccountingSupplierParty',
      'AccountingCustomerParty',
      'TaxTotal',
      'LegalMonetaryTotal',
      'InvoiceLine',
    ]);
  });
});

describe('buildUblDocument', () => {
  it('writes ringgit amounts from sen and the totals of the source', () => {
    const invoice = buildUblDocument(sampleEInvoiceSource()).Invoice[0];
    expect(json(invoice.LegalMonetaryTotal)).toBe(
      '[{"LineExtensionAmount":[{"_":1550,"currencyID":"MYR"}],"TaxExclusiveAmount":[{"_":1550,"currencyID":"MYR"}],"TaxInclusiveAmount":[{"_":1674,"currencyID":"MYR"}],"PayableAmount":[{"_":1674,"currencyID":"MYR"}]}]',
    );
    const line = first(invoice, 'InvoiceLine');
    expect(json(line.AllowanceCharge)).toBe(
      '[{"ChargeIndicator":[{"_":false}],"AllowanceChargeReason":[{"_":"Discount"}],"Amount":[{"_":150,"currencyID":"MYR"}]}]',
    );
    expect(json(line.LineExtensionAmount)).toBe('[{"_":1350,"currencyID":"MYR"}]');
    const taxTotal = first(invoice, 'TaxTotal');
    expect(json(taxTotal.TaxAmount)).toBe('[{"_":124,"currencyID":"MYR"}]');
    expect(taxTotal.TaxSubtotal).toHaveLength(1);
  });

  it.each([
    ['creditNote', '02'],
    ['debitNote', '03'],
    ['refundNote', '04'],
  ] as const)(
    'writes a %s as type %s with the original document in BillingReference',
    (kind, code) => {
      const source = sampleEInvoiceSource({
        kind,
        number: 'CN-MP-2026-0001',
        originalDocument: { uuid: 'F9D425P6DS7D8IU', number: 'INV-MP-2026-0001' },
      });
      const invoice = buildUblDocument(source).Invoice[0];
      expect(json(invoice.InvoiceTypeCode)).toBe(`[{"_":"${code}","listVersionID":"1.1"}]`);
      expect(json(invoice.BillingReference)).toBe(
        '[{"InvoiceDocumentReference":[{"ID":[{"_":"INV-MP-2026-0001"}],"UUID":[{"_":"F9D425P6DS7D8IU"}]}]}]',
      );
    },
  );

  it('writes a refund note (04): the money paid back on one line, tax not applicable, the refunded invoice referenced', () => {
    const source = sampleEInvoiceSource({
      kind: 'refundNote',
      number: 'RN-MP-2026-000001',
      originalDocument: { uuid: 'F9D425P6DS7D8IU', number: 'INV-MP-2026-0001' },
      lines: [
        {
          id: '1',
          description: 'Overcharge paid back',
          classificationCode: '022',
          quantity: 1,
          unitCode: 'C62',
          unitPriceSen: 1_600,
          subtotalSen: 1_600,
          discountSen: 0,
          taxTypeCode: '06',
          taxRatePercent: 0,
          taxAmountSen: 0,
        },
      ],
      totals: {
        netSen: 1_600,
        taxExclusiveSen: 1_600,
        taxSen: 0,
        taxInclusiveSen: 1_600,
        discountSen: 0,
        payableSen: 1_600,
      },
    });
    const invoice = buildUblDocument(source).Invoice[0];
    expect(Object.keys(invoice)).toEqual([
      'ID',
      'IssueDate',
      'IssueTime',
      'InvoiceTypeCode',
      'DocumentCurrencyCode',
      'TaxCurrencyCode',
      'BillingReference',
      'AccountingSupplierParty',
      'AccountingCustomerParty',
      'TaxTotal',
      'LegalMonetaryTotal',
      'InvoiceLine',
    ]);
    expect(json(invoice.ID)).toBe('[{"_":"RN-MP-2026-000001"}]');
    expect(json(invoice.InvoiceTypeCode)).toBe('[{"_":"04","listVersionID":"1.1"}]');
    expect(json(invoice.BillingReference)).toBe(
      '[{"InvoiceDocumentReference":[{"ID":[{"_":"INV-MP-2026-0001"}],"UUID":[{"_":"F9D425P6DS7D8IU"}]}]}]',
    );
    expect(json(invoice.TaxTotal)).toBe(
      '[{"TaxAmount":[{"_":0,"currencyID":"MYR"}],"TaxSubtotal":[{"TaxableAmount":[{"_":16,"currencyID":"MYR"}],"TaxAmount":[{"_":0,"currencyID":"MYR"}],"TaxCategory":[{"ID":[{"_":"06"}],"TaxScheme":[{"ID":[{"_":"OTH","schemeID":"UN/ECE 5153","schemeAgencyID":"6"}]}]}]}]}]',
    );
    expect(json(invoice.LegalMonetaryTotal)).toBe(
      '[{"LineExtensionAmount":[{"_":16,"currencyID":"MYR"}],"TaxExclusiveAmount":[{"_":16,"currencyID":"MYR"}],"TaxInclusiveAmount":[{"_":16,"currencyID":"MYR"}],"PayableAmount":[{"_":16,"currencyID":"MYR"}]}]',
    );
    const line = first(invoice, 'InvoiceLine');
    expect(json(line.Item)).toBe(
      '[{"CommodityClassification":[{"ItemClassificationCode":[{"_":"022","listID":"CLASS"}]}],"Description":[{"_":"Overcharge paid back"}]}]',
    );
    expect(json(line.Price)).toBe('[{"PriceAmount":[{"_":16,"currencyID":"MYR"}]}]');
  });

  it('writes NA for a missing SST number, tourism tax number and original UUID', () => {
    const source = sampleEInvoiceSource({
      kind: 'creditNote',
      originalDocument: { uuid: '', number: 'INV-1' },
    });
    source.supplier = { ...source.supplier, sstNumber: null };
    const text = json(buildUblDocument(source));
    expect(text).toContain('{"ID":[{"_":"NA","schemeID":"SST"}]}');
    expect(text).toContain('{"ID":[{"_":"NA","schemeID":"TTX"}]}');
    expect(text).toContain('"UUID":[{"_":"NA"}]');
  });

  it('groups the document tax subtotals by tax type', () => {
    const source = sampleEInvoiceSource();
    source.lines[1] = {
      ...source.lines[1]!,
      taxTypeCode: '06',
      taxRatePercent: 0,
      taxAmountSen: 0,
    };
    const subtotals = first(buildUblDocument(source).Invoice[0], 'TaxTotal')
      .TaxSubtotal as UblElement[];
    expect(subtotals.map((subtotal) => json(subtotal.TaxableAmount))).toEqual([
      '[{"_":1350,"currencyID":"MYR"}]',
      '[{"_":200,"currencyID":"MYR"}]',
    ]);
  });

  it('writes every amount with at most two decimals and the lines adding up to the net total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 50 }),
            price: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (rows) => {
          const source = sampleEInvoiceSource();
          source.lines = rows.map((row, index) => ({
            ...source.lines[0]!,
            id: String(index + 1),
            quantity: row.quantity,
            unitPriceSen: row.price,
            subtotalSen: row.quantity * row.price,
            discountSen: 0,
            taxAmountSen: 0,
          }));
          source.totals.netSen = source.lines.reduce((sum, line) => sum + line.subtotalSen, 0);
          const text = json(buildUblDocument(source));
          for (const match of text.matchAll(/"_":(-?\d+(?:\.\d+)?),"currencyID"/g)) {
            expect(match[1]!.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(2);
          }
          const invoice = JSON.parse(text).Invoice[0];
          const lineSum = invoice.InvoiceLine.reduce(
            (sum: number, line: UblElement) =>
              sum + Math.round((line.LineExtensionAmount as { _: number }[])[0]!._ * 100),
            0,
          );
          expect(lineSum).toBe(
            Math.round(invoice.LegalMonetaryTotal[0].LineExtensionAmount[0]._ * 100),
          );
        },
      ),
    );
  });
});
