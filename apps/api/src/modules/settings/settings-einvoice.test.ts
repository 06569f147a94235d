import {
  defaultCompanySettings,
  defaultEInvoiceSupplierSettings,
  type CompanySettings,
  type EInvoiceSupplierSettings,
} from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestContext } from '../../../test/builders';

let t: TestContext;
let adminToken: string;
let salesToken: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = (await t.createUserWithToken({ role: 'Admin' })).token;
  salesToken = (await t.createUserWithToken({ role: 'sales' })).token;
});
afterAll(() => t.close());

const api = () => request(t.app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function withSupplier(supplier: Partial<EInvoiceSupplierSettings>): CompanySettings {
  return {
    ...structuredClone(defaultCompanySettings),
    eInvoiceSupplier: { ...defaultEInvoiceSupplierSettings, ...supplier },
  };
}

const validSupplier: EInvoiceSupplierSettings = {
  tin: 'C20880050010',
  brn: '201901234567',
  tourismTaxNumber: '',
  msicCode: '62010',
  businessActivityDescription: 'Computer programming activities',
  stateCode: '14',
  countryCode: 'MYS',
};

describe('PUT /api/settings: e-invoice supplier details', () => {
  it('starts empty, in Malaysia', async () => {
    const response = await api().get('/api/settings').set(bearer(adminToken)).expect(200);
    expect(response.body.settings.eInvoiceSupplier).toEqual(defaultEInvoiceSupplierSettings);
  });

  it('saves a TIN, BRN, MSIC code and address codes, upper-casing the identifiers', async () => {
    const response = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(
        withSupplier({
          ...validSupplier,
          tin: ' c20880050010 ',
          tourismTaxNumber: '141-1800-00000001',
        }),
      )
      .expect(200);
    expect(response.body.settings.eInvoiceSupplier).toEqual({
      ...validSupplier,
      tourismTaxNumber: '141-1800-00000001',
    });
    const read = await api().get('/api/settings').set(bearer(adminToken)).expect(200);
    expect(read.body.settings.eInvoiceSupplier.tin).toBe('C20880050010');
  });

  it('still saves a body written before the e-invoice group (the group keeps its defaults)', async () => {
    const { eInvoiceSupplier: _omitted, ...older } = withSupplier({});
    await api().put('/api/settings').set(bearer(adminToken)).send(older).expect(200);
  });

  it.each([
    ['tin', 'C123', /TIN must be a prefix such as C or IG/],
    ['tin', '20880050010', /TIN must be a prefix/],
    ['brn', '1234567-A', /BRN must be the new 12-digit SSM number/],
    ['brn', '201999234567', /BRN must be the new 12-digit SSM number/],
    ['tourismTaxNumber', 'TTX123', /Tourism tax number must look like/],
    ['msicCode', '12345', /Choose an MSIC code from the list/],
    ['stateCode', '18', /Choose a state from the list/],
    ['countryCode', 'MAL', /Choose a country from the list/],
  ] as const)('refuses %s %s with a clear message (400)', async (field, value, message) => {
    const response = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(withSupplier({ ...validSupplier, [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(JSON.stringify(response.body.errors)).toContain(field);
  });

  it('asks for the business activity description with an MSIC code (400)', async () => {
    const response = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(withSupplier({ ...validSupplier, businessActivityDescription: '' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/Business activity description is required/);
  });

  it('refuses a user without settings.edit (403)', async () => {
    await api()
      .put('/api/settings')
      .set(bearer(salesToken))
      .send(withSupplier(validSupplier))
      .expect(403);
  });
});
