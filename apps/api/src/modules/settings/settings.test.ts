import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, auditEntriesOf, createTestContext } from '../../../test/builders';

let t: TestContext;
let adminToken: string;
let adminId: string;
let salesToken: string;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.createUserWithToken({ role: 'Admin' });
  adminToken = admin.token;
  adminId = admin.user.id;
  salesToken = (await t.createUserWithToken({ role: 'sales' })).token;
});
afterAll(() => t.close());

const api = () => request(t.app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function settingsWith(overrides: Partial<CompanySettings>): CompanySettings {
  return { ...structuredClone(defaultCompanySettings), ...overrides };
}

function withNumbering(invoice: Partial<CompanySettings['numberingSettings']['invoice']>) {
  const settings = settingsWith({});
  settings.numberingSettings.invoice = { ...settings.numberingSettings.invoice, ...invoice };
  return settings;
}

describe('GET /api/settings', () => {
  it('gives any signed-in user the settings, the server defaults at first', async () => {
    const response = await api().get('/api/settings').set(bearer(salesToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      settings: { ...defaultCompanySettings, logo: null },
    });
  });

  it('refuses a request without a token (401)', async () => {
    expect((await api().get('/api/settings')).status).toBe(401);
  });

  it('shows the bank details only to those who handle settings or billing documents', async () => {
    const body = settingsWith({
      bankDetails: { bankName: 'Maybank', accountNumber: '5140 1234 5678', accountName: 'Patrol' },
    });
    await api().put('/api/settings').set(bearer(adminToken)).send(body).expect(200);
    const billing = await api().get('/api/settings').set(bearer(salesToken)).expect(200);
    expect(billing.body.settings.bankDetails.accountNumber).toBe('5140 1234 5678');

    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    const other = await api().get('/api/settings').set(bearer(token)).expect(200);
    expect(other.body.settings.bankDetails).toEqual({
      bankName: '',
      accountNumber: '',
      accountName: '',
    });
    expect(other.body.settings.companyName).toBe(billing.body.settings.companyName);
    await api().post('/api/settings/reset').set(bearer(adminToken)).expect(200);
  });
});

describe('PUT /api/settings', () => {
  it('saves the whole object, upper-casing the codes, and audits only the changed fields', async () => {
    const body = withNumbering({ prefix: 'inv', series: 'hq' });
    body.companyName = 'Patrol Sdn Bhd';
    body.registrationNumber = '202301000123-ab';
    body.address = { ...body.address, city: 'Kuala Lumpur' };

    const response = await api().put('/api/settings').set(bearer(adminToken)).send(body);

    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Settings saved successfully');
    expect(response.body.settings).toMatchObject({
      companyName: 'Patrol Sdn Bhd',
      registrationNumber: '202301000123-AB',
      numberingSettings: { invoice: { prefix: 'INV', series: 'HQ' } },
    });
    const read = await api().get('/api/settings').set(bearer(salesToken));
    expect(read.body.settings.address.city).toBe('Kuala Lumpur');

    const [entry] = await auditEntriesOf(t, 'company');
    expect(entry).toMatchObject({
      action: 'settings.updated',
      entityType: 'settings',
      actorId: adminId,
    });
    expect(entry!.changes).toEqual({
      companyName: { before: '', after: 'Patrol Sdn Bhd' },
      registrationNumber: { before: '', after: '202301000123-AB' },
      'address.city': { before: '', after: 'Kuala Lumpur' },
      'numberingSettings.invoice.series': { before: 'MP', after: 'HQ' },
    });
  });

  it.each([
    [
      'phone',
      settingsWith({ phone: '03-1234 abc' }),
      'Phone number may contain only digits, +, spaces and hyphens',
    ],
    [
      'address.postalCode',
      settingsWith({ address: { ...defaultCompanySettings.address, postalCode: '50-450' } }),
      'Postal code may contain only digits and spaces',
    ],
    [
      'taglineColor',
      settingsWith({ taglineColor: 'red' }),
      'Tagline colour must be a hex colour such as #6B7280',
    ],
    [
      'taxSettings.sstPercentage',
      settingsWith({
        taxSettings: { ...defaultCompanySettings.taxSettings, sstPercentage: 100.5 },
      }),
      'SST percentage must be between 0 and 100',
    ],
    [
      'taxSettings.sstPercentage',
      settingsWith({
        taxSettings: { ...defaultCompanySettings.taxSettings, sstPercentage: 8.25 },
      }),
      'SST percentage can have at most one decimal (steps of 0.1)',
    ],
    [
      'taxSettings.sstRegistrationNumber',
      settingsWith({
        taxSettings: {
          ...defaultCompanySettings.taxSettings,
          sstRegistrationNumber: 'W10-1808-3101',
        },
      }),
      'SST registration number must look like W10-1808-31012345 (a letter and 2 digits, 4 digits, 8 digits)',
    ],
    [
      'numberingSettings.invoice.prefix',
      withNumbering({ prefix: 'ABCDEFGHIJK' }),
      'Prefix must be 10 characters or less',
    ],
    [
      'numberingSettings.invoice.series',
      withNumbering({ series: 'ABCDEF' }),
      'Series must be 5 characters or less',
    ],
    [
      'numberingSettings.invoice.startNumber',
      withNumbering({ startNumber: 0 }),
      'Start number must be at least 1',
    ],
    [
      'numberingSettings.invoice.padLength',
      withNumbering({ padLength: 2 }),
      'Pad length must be between 3 and 10',
    ],
    [
      'numberingSettings.invoice.padLength',
      withNumbering({ padLength: 11 }),
      'Pad length must be between 3 and 10',
    ],
  ])('refuses an invalid %s (400) with its message', async (field, body, message) => {
    const response = await api().put('/api/settings').set(bearer(adminToken)).send(body);
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
  });

  it('accepts an SST registration number in the customs format, upper-cased, or none', async () => {
    const registered = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(
        settingsWith({
          taxSettings: {
            ...defaultCompanySettings.taxSettings,
            sstRegistrationNumber: ' w10-1808-31012345 ',
          },
        }),
      )
      .expect(200);
    expect(registered.body.settings.taxSettings.sstRegistrationNumber).toBe('W10-1808-31012345');
    for (const wrong of ['W10180831012345', '10-1808-31012345', 'W10-1808-3101234X']) {
      const response = await api()
        .put('/api/settings')
        .set(bearer(adminToken))
        .send(
          settingsWith({
            taxSettings: { ...defaultCompanySettings.taxSettings, sstRegistrationNumber: wrong },
          }),
        );
      expect(response.status, wrong).toBe(400);
      expect(response.body.message).toMatch(/SST registration number must look like W10-1808/);
    }
    await api().post('/api/settings/reset').set(bearer(adminToken)).expect(200);
  });

  it("reads the earlier single 'SST' tax type as service tax", async () => {
    const body = {
      ...defaultCompanySettings,
      taxSettings: { sstPercentage: 8, defaultTaxType: 'SST' },
    };
    const response = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(body)
      .expect(200);
    expect(response.body.settings.taxSettings).toEqual({
      sstPercentage: 8,
      salesTaxPercentage: 10,
      defaultTaxType: 'SERVICE_TAX',
      sstRegistrationNumber: '',
    });
  });

  it('accepts an empty tagline colour', async () => {
    const response = await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(settingsWith({ taglineColor: '' }));
    expect(response.status).toBe(200);
  });

  it('refuses roles without settings.edit: sales, accounts and manager (403)', async () => {
    for (const role of ['sales', 'accounts', 'manager'] as const) {
      const { token } = await t.createUserWithToken({ role });
      const response = await api()
        .put('/api/settings')
        .set(bearer(token))
        .send(defaultCompanySettings);
      expect(response.status, role).toBe(403);
    }
  });
});

describe('POST /api/settings/reset', () => {
  it('restores the server defaults and audits the reset', async () => {
    await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(settingsWith({ companyName: 'Before Reset', taglineColor: '#2563EB' }))
      .expect(200);

    const response = await api().post('/api/settings/reset').set(bearer(adminToken));

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Settings reset to default successfully',
      settings: { ...defaultCompanySettings, logo: null },
    });
    const [entry] = await auditEntriesOf(t, 'company');
    expect(entry).toMatchObject({ action: 'settings.reset' });
    expect(entry!.changes).toMatchObject({ companyName: { before: 'Before Reset', after: '' } });
  });

  it('refuses sales (403)', async () => {
    expect((await api().post('/api/settings/reset').set(bearer(salesToken))).status).toBe(403);
  });
});

describe('POST /api/settings/numbering/preview', () => {
  const preview = (token: string, numberingSettings: unknown) =>
    api().post('/api/settings/numbering/preview').set(bearer(token)).send({ numberingSettings });

  it('names the next numbers before and after a change, and which change restarts a sequence', async () => {
    await api().post('/api/settings/reset').set(bearer(adminToken)).expect(200);
    const proposed = structuredClone(defaultCompanySettings.numberingSettings);
    proposed.invoice = { ...proposed.invoice, prefix: 'IV', startNumber: 7 };
    const response = await preview(adminToken, proposed).expect(200);
    const year = new Date().getFullYear();
    expect(response.body.numbers.invoice).toEqual({
      current: `INV-MP-${year}-000001`,
      next: `IV-MP-${year}-000007`,
      restarts: false,
    });
    expect(response.body.numbers.quotation.restarts).toBe(false);
  });

  it('refuses invalid numbering (400) and a user without settings.view (403)', async () => {
    const bad = structuredClone(defaultCompanySettings.numberingSettings);
    bad.invoice.padLength = 2;
    const invalid = await preview(adminToken, bad).expect(400);
    expect(invalid.body.errors['numberingSettings.invoice.padLength']).toBe(
      'Pad length must be between 3 and 10',
    );
    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    await preview(token, defaultCompanySettings.numberingSettings).expect(403);
  });
});
