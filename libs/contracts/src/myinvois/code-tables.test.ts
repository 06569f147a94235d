import { describe, expect, it } from 'vitest';
import codeLists from './code-data/codes.json';
import { isMyInvoisCode, type MyInvoisCodeTable } from './code-sets';
import { findMyInvoisCode, msicSections, myInvoisCodeRows, myInvoisMsicCodes } from './code-tables';
import {
  clientEInvoiceSchema,
  eInvoiceAddressSchema,
  eInvoiceSupplierSettingsSchema,
  productEInvoiceSchema,
} from './einvoice-fields';

describe('MyInvois code tables', () => {
  it('hold the codes the SDK samples and this console use', () => {
    expect(findMyInvoisCode('taxType', '02')?.description).toBe('Service Tax');
    expect(isMyInvoisCode('taxType', 'E')).toBe(true);
    expect(findMyInvoisCode('classification', '022')?.description).toBe('Others');
    for (const unit of ['C62', 'H87', 'MON', 'ANN', 'E48', 'HUR'])
      expect(isMyInvoisCode('unit', unit), unit).toBe(true);
    expect(findMyInvoisCode('msic', '62010')?.description).toBe('Computer programming activities');
    expect(findMyInvoisCode('state', '14')?.description).toBe('Wilayah Persekutuan Kuala Lumpur');
    expect(findMyInvoisCode('country', 'MYS')?.description).toBe('MALAYSIA');
  });

  it('have no empty or repeated codes, and every MSIC code names a known section', () => {
    const tables: MyInvoisCodeTable[] = [
      'taxType',
      'classification',
      'unit',
      'msic',
      'state',
      'country',
    ];
    for (const table of tables) {
      const codes = myInvoisCodeRows(table).map((row) => row.code);
      expect(
        codes.every((code) => code !== ''),
        table,
      ).toBe(true);
      expect(new Set(codes).size, table).toBe(codes.length);
      // The validation lists (codes only) are the same codes as the tables with descriptions.
      expect(codeLists[table].split(' '), table).toEqual(codes);
    }
    for (const row of myInvoisMsicCodes) {
      if (row.code !== '00000') expect(msicSections[row.section], row.code).toBeDefined();
    }
  });
});

describe('e-invoice field schemas', () => {
  it('accept empty fields and refuse malformed ones', () => {
    expect(eInvoiceSupplierSettingsSchema.parse({}).countryCode).toBe('MYS');
    expect(eInvoiceSupplierSettingsSchema.safeParse({ brn: '1234567-A' }).success).toBe(false);
    expect(clientEInvoiceSchema.parse({ tin: 'ig115002000' }).tin).toBe('IG115002000');
    expect(clientEInvoiceSchema.safeParse({ idType: 'NRIC', idValue: '88010114556' }).success).toBe(
      false,
    );
    expect(productEInvoiceSchema.safeParse({ unitCode: 'XYZ' }).success).toBe(false);
  });

  it('check the supplier and the buyer with the one address schema', () => {
    expect(eInvoiceAddressSchema.safeParse({ postcode: '5048' }).success).toBe(false);
    expect(
      eInvoiceAddressSchema.safeParse({ postcode: 'SW1A 1AA', countryCode: 'GBR' }).success,
    ).toBe(true);
    const badState = { stateCode: '99' };
    const messages = [
      eInvoiceAddressSchema.safeParse(badState),
      eInvoiceSupplierSettingsSchema.safeParse(badState),
      clientEInvoiceSchema.safeParse(badState),
    ].map((result) => result.error?.issues[0]?.message);
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toBeTruthy();
    expect(clientEInvoiceSchema.safeParse({ postcode: '5048' }).success).toBe(false);
  });
});
