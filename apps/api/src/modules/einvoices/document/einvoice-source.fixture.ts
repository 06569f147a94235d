import type { EInvoiceSource } from './einvoice-source';

/**
 * A valid invoice source for tests: the SDK's sample parties (signature-creation-json page:
 * Kuala Lumpur, 50480, Lot 66 Bangunan Merdeka Persiaran Jaya) with real-looking identifiers
 * and two lines of a patrol software provider (8% service tax, one with a discount).
 */
export function sampleEInvoiceSource(overrides: Partial<EInvoiceSource> = {}): EInvoiceSource {
  return {
    kind: 'invoice',
    number: 'INV-MP-2026-0001',
    issueDate: '2026-11-27',
    issueTime: '08:30:00',
    currency: 'MYR',
    supplier: {
      name: "Supplier's Name",
      tin: 'C20880050010',
      idType: 'BRN',
      idValue: '201901234567',
      sstNumber: 'W10-1808-31012345',
      tourismTaxNumber: null,
      msicCode: '62010',
      businessActivityDescription: 'Computer programming activities',
      phone: '+60123456789',
      email: 'supplier@email.com',
      address: {
        lines: ['Lot 66', 'Bangunan Merdeka', 'Persiaran Jaya'],
        city: 'Kuala Lumpur',
        postcode: '50480',
        stateCode: '14',
        countryCode: 'MYS',
      },
    },
    buyer: {
      name: "Buyer's Name",
      tin: 'C25845632020',
      idType: 'BRN',
      idValue: '202001000001',
      sstNumber: null,
      phone: '+60123456780',
      email: 'buyer@email.com',
      address: {
        lines: ['Lot 66', 'Bangunan Merdeka', 'Persiaran Jaya'],
        city: 'Kuala Lumpur',
        postcode: '50480',
        stateCode: '14',
        countryCode: 'MYS',
      },
    },
    lines: [
      {
        id: '1',
        description: 'Patrol licence, 12 months',
        classificationCode: '022',
        quantity: 3,
        unitCode: 'C62',
        unitPriceSen: 50000,
        subtotalSen: 150000,
        discountSen: 15000,
        taxTypeCode: '02',
        taxRatePercent: 8,
        taxAmountSen: 10800,
      },
      {
        id: '2',
        description: 'Setup and training',
        classificationCode: '022',
        quantity: 1,
        unitCode: 'E48',
        unitPriceSen: 20000,
        subtotalSen: 20000,
        discountSen: 0,
        taxTypeCode: '02',
        taxRatePercent: 8,
        taxAmountSen: 1600,
      },
    ],
    totals: {
      netSen: 155000,
      taxExclusiveSen: 155000,
      taxSen: 12400,
      taxInclusiveSen: 167400,
      discountSen: 15000,
      payableSen: 167400,
    },
    ...overrides,
  };
}
