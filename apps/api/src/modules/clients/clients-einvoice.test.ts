import { emptyClientEInvoice, type ClientEInvoice } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, buildClientForm, createTestContext } from '../../../test/builders';

const buyer: ClientEInvoice = {
  tin: 'C25845632020',
  idType: 'BRN',
  idValue: '202001000001',
  sstNumber: 'W10-1808-31012345',
  street: 'Lot 66\nBangunan Merdeka',
  city: 'Kuala Lumpur',
  postcode: '50480',
  stateCode: '14',
  countryCode: 'MYS',
};

describe('client e-invoice buyer details', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  });
  afterAll(() => t.close());
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('stores the buyer details with the client and answers them (201), upper-casing the TIN', async () => {
    const form = buildClientForm({ eInvoice: { ...buyer, tin: 'c25845632020' } });
    const created = await request(t.app)
      .post('/api/clients')
      .set(auth(admin))
      .send(form)
      .expect(201);
    expect(created.body.client.eInvoice).toEqual(buyer);
    const read = await request(t.app)
      .get(`/api/clients/${form.companyId}`)
      .set(auth(admin))
      .expect(200);
    expect(read.body.client.eInvoice).toEqual(buyer);
  });

  it('starts a client without them empty, in Malaysia', async () => {
    const { eInvoice: _omitted, ...form } = buildClientForm();
    const created = await request(t.app)
      .post('/api/clients')
      .set(auth(admin))
      .send(form)
      .expect(201);
    expect(created.body.client.eInvoice).toEqual(emptyClientEInvoice);
  });

  it('keeps the stored details when an edit leaves them out, and replaces them when given', async () => {
    const form = buildClientForm({ eInvoice: buyer });
    await request(t.app).post('/api/clients').set(auth(admin)).send(form).expect(201);
    const { companyId: _id, eInvoice: _e, ...edit } = form;
    const kept = await request(t.app)
      .put(`/api/clients/${form.companyId}`)
      .set(auth(admin))
      .send(edit)
      .expect(200);
    expect(kept.body.client.eInvoice).toEqual(buyer);
    const changed = await request(t.app)
      .put(`/api/clients/${form.companyId}`)
      .set(auth(admin))
      .send({
        ...edit,
        eInvoice: { ...buyer, idType: 'NRIC', idValue: '880101145566', sstNumber: '' },
      })
      .expect(200);
    expect(changed.body.client.eInvoice).toMatchObject({
      idType: 'NRIC',
      idValue: '880101145566',
      sstNumber: '',
    });
  });

  it.each([
    [{ tin: '12345' }, 'tin', /TIN must be a prefix/],
    [{ idValue: '1234567-A' }, 'idValue', /BRN must be the new 12-digit SSM number/],
    [{ idType: 'NRIC', idValue: '880101-14-5566' }, 'idValue', /MyKad number must be 12 digits/],
    [{ idType: '', idValue: '202001000001' }, 'idType', /Choose the ID type/],
    [{ idType: 'BRN', idValue: '' }, 'idValue', /Enter the ID number/],
    [{ sstNumber: 'SST-123' }, 'sstNumber', /SST registration number must look like/],
    [{ postcode: '5048' }, 'postcode', /Postcode must be 5 digits/],
    [{ stateCode: '99' }, 'stateCode', /Choose a state from the list/],
    [{ countryCode: 'XXX' }, 'countryCode', /Choose a country from the list/],
  ] as const)('refuses %o with a message on eInvoice.%s (400)', async (change, field, message) => {
    const form = buildClientForm({ eInvoice: { ...buyer, ...change } as ClientEInvoice });
    const response = await request(t.app).post('/api/clients').set(auth(admin)).send(form);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(JSON.stringify(response.body.errors)).toContain(field);
  });

  it('refuses a user without clients.edit (403) and an unknown client (404)', async () => {
    const viewer = await t.signIn('sales', { permissions: ['clients.view'] });
    const form = buildClientForm({ eInvoice: buyer });
    await request(t.app).post('/api/clients').set(auth(viewer)).send(form).expect(403);
    const { companyId: _id, ...edit } = form;
    await request(t.app).put('/api/clients/NO-SUCH-CLIENT').set(auth(admin)).send(edit).expect(404);
  });
});
