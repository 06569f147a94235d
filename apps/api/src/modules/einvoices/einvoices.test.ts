import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';
import { runEinvoiceCycle } from './einvoice-worker.service';
import { setUpEinvoicesFixture } from './einvoices-test-fixture';

const f = setUpEinvoicesFixture();

/** Issues an invoice and runs the worker on a test clock until MyInvois has answered. */
async function invoiceThroughMyInvois(clock = { now: Date.now() + 1_000 }) {
  const invoice = await f.issueInvoice();
  const deps = f.worker(clock);
  for (let i = 0; i < 4; i += 1) {
    await runEinvoiceCycle(deps, new Date(clock.now));
    clock.now += 4_000;
  }
  return invoice;
}

const api = () => request(f.t.app);

const run = promisify(execFile);

/** Images in a PDF, as poppler's pdfimages lists them. */
async function pdfImageCount(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'einvoice-pdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const { stdout } = await run('pdfimages', ['-list', join(dir, 'doc.pdf')]);
    return stdout.trim().split('\n').length - 2;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('GET /api/business/einvoices', () => {
  it('lists the e-invoices with counts by status and the state of e-invoicing', async () => {
    const invoice = await invoiceThroughMyInvois();
    const response = await api()
      .get('/api/business/einvoices?status=valid')
      .set(bearer(f.token))
      .expect(200);
    expect(response.body.einvoicing).toMatchObject({ enabled: true, missing: [] });
    expect(response.body.counts.valid).toBeGreaterThanOrEqual(1);
    const listed = response.body.documents.find(
      (doc: { documentId: string }) => doc.documentId === invoice.id,
    );
    expect(listed).toMatchObject({
      status: 'valid',
      kind: 'invoice',
      stale: false,
      pastDeadline: false,
    });
    expect(listed.validationLink).toBe(
      `https://preprod.myinvois.hasil.gov.my/${listed.uuid}/share/${listed.longId}`,
    );
  });

  it('refuses an unknown status (400) and a user without invoice permissions (403)', async () => {
    const bad = await api().get('/api/business/einvoices?status=lost').set(bearer(f.token));
    expect(bad.status).toBe(400);
    const { token } = await f.t.createUserWithToken({ permissions: ['clients.view'] });
    await api().get('/api/business/einvoices').set(bearer(token)).expect(403);
  });
});

describe('GET /api/business/einvoices/{documentId}', () => {
  it('answers the status and the UBL JSON as submitted', async () => {
    const invoice = await invoiceThroughMyInvois();
    const response = await api()
      .get(`/api/business/einvoices/${invoice.id}`)
      .set(bearer(f.token))
      .expect(200);
    expect(response.body.document).toMatchObject({
      status: 'valid',
      number: invoice.invoiceNumber,
    });
    expect(JSON.parse(response.body.submittedJson)).toHaveProperty('Invoice');
  });

  it('answers 404 for a document never queued and 400 for a malformed id', async () => {
    const missing = await api().get(`/api/business/einvoices/${randomUUID()}`).set(bearer(f.token));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('E-invoice not found');
    await api().get('/api/business/einvoices/nope').set(bearer(f.token)).expect(400);
  });
});

describe('POST /api/business/einvoices/{documentId}/retry', () => {
  it('queues an invalid e-invoice again, and refuses one that is not invalid', async () => {
    const clock = { now: Date.now() + 1_000 };
    await f.standin.script({ outcome: 'invalid' });
    const invoice = await invoiceThroughMyInvois(clock);
    const detail = await api().get(`/api/business/einvoices/${invoice.id}`).set(bearer(f.token));
    expect(detail.body.document.status).toBe('invalid');
    expect(detail.body.document.errors[0]).toMatchObject({ source: 'validation', code: 'CV302' });
    const retried = await api()
      .post(`/api/business/einvoices/${invoice.id}/retry`)
      .set(bearer(f.token))
      .expect(200);
    expect(retried.body.document).toMatchObject({ status: 'queued', errors: [] });
    const again = await api()
      .post(`/api/business/einvoices/${invoice.id}/retry`)
      .set(bearer(f.token));
    expect(again.status).toBe(409);
    expect(f.t.published).toContainEqual(
      expect.objectContaining({
        event: 'billingUpdated',
        payload: { entity: 'einvoice', action: 'status_changed', id: invoice.id },
      }),
    );
  });

  it('answers 403 without invoices.edit and 404 for an unknown document', async () => {
    const { token } = await f.t.createUserWithToken({ permissions: ['invoices.view'] });
    await api()
      .post(`/api/business/einvoices/${randomUUID()}/retry`)
      .set(bearer(token))
      .expect(403);
    await api()
      .post(`/api/business/einvoices/${randomUUID()}/retry`)
      .set(bearer(f.token))
      .expect(404);
  });
});

describe('POST /api/business/einvoices/{documentId}/cancel', () => {
  it('cancels a valid e-invoice with MyInvois within 72 hours, audited', async () => {
    const invoice = await invoiceThroughMyInvois();
    const empty = await api()
      .post(`/api/business/einvoices/${invoice.id}/cancel`)
      .set(bearer(f.token))
      .send({ reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.reason).toBe('Reason is required');
    const cancelled = await api()
      .post(`/api/business/einvoices/${invoice.id}/cancel`)
      .set(bearer(f.token))
      .send({ reason: 'Wrong buyer details' })
      .expect(200);
    expect(cancelled.body.document).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Wrong buyer details',
    });
    const state = await f.standin.state();
    expect(state.documents.find((doc) => doc.uuid === cancelled.body.document.uuid)?.status).toBe(
      'Cancelled',
    );
    const audit = await api().get('/api/audit?entityType=einvoice').set(bearer(f.token));
    expect(JSON.stringify(audit.body)).toContain('einvoice.cancelled');
  });

  it('after 72 hours says to issue a credit note instead', async () => {
    await f.standin.script({ validatedHoursAgo: 73 });
    const invoice = await invoiceThroughMyInvois();
    const late = await api()
      .post(`/api/business/einvoices/${invoice.id}/cancel`)
      .set(bearer(f.token))
      .send({ reason: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('issue a credit note');
  });

  it('answers 403 without invoices.edit and 404 for an unknown document', async () => {
    const { token } = await f.t.createUserWithToken({ permissions: ['invoices.view'] });
    const path = `/api/business/einvoices/${randomUUID()}/cancel`;
    await api().post(path).set(bearer(token)).send({ reason: 'x' }).expect(403);
    await api().post(path).set(bearer(f.token)).send({ reason: 'x' }).expect(404);
  });
});

describe('credit and debit notes', () => {
  it('queues a credit note when it is issued', async () => {
    const invoice = await f.issueInvoice();
    const note = await api()
      .post(`/api/business/invoices/${invoice.id}/credit-notes`)
      .set(bearer(f.token))
      .send({ reason: 'Discount agreed', amount: 10 })
      .expect(200);
    const detail = await api()
      .get(`/api/business/einvoices/${note.body.note.id}`)
      .set(bearer(f.token))
      .expect(200);
    expect(detail.body.document).toMatchObject({ kind: 'creditNote', status: 'queued' });
  });
});

describe('GET /api/business/einvoices/taxpayers/{tin}/validate', () => {
  it('asks MyInvois whether it knows the TIN', async () => {
    await f.standin.script({ unknownTins: ['C99999999999'] });
    const known = await api()
      .get(
        '/api/business/einvoices/taxpayers/C25845632020/validate?idType=BRN&idValue=202001000001',
      )
      .set(bearer(f.token))
      .expect(200);
    expect(known.body.status).toBe('valid');
    const unknown = await api()
      .get(
        '/api/business/einvoices/taxpayers/C99999999999/validate?idType=BRN&idValue=202001000001',
      )
      .set(bearer(f.token))
      .expect(200);
    expect(unknown.body.status).toBe('notFound');
  });

  it('answers 400 without an ID type and 403 without invoice permissions', async () => {
    const bad = await api()
      .get('/api/business/einvoices/taxpayers/C1/validate?idValue=1')
      .set(bearer(f.token));
    expect(bad.status).toBe(400);
    const { token } = await f.t.createUserWithToken({ permissions: ['clients.view'] });
    await api()
      .get('/api/business/einvoices/taxpayers/C1/validate?idType=BRN&idValue=1')
      .set(bearer(token))
      .expect(403);
  });
});

describe('PDF of an e-invoiced document', () => {
  it('says pending before validation, then carries the QR code, the UUID and the time', async () => {
    const invoice = await f.issueInvoice();
    const pending = await binaryBody(
      api().get(`/api/business/invoices/${invoice.id}/download`).set(bearer(f.token)),
    ).expect(200);
    expect((await pdfPages(pending.body as Buffer)).join('\n')).toContain(
      'e-Invoice pending validation',
    );
    const clock = { now: Date.now() + 1_000 };
    const deps = f.worker(clock);
    for (let i = 0; i < 4; i += 1) {
      await runEinvoiceCycle(deps, new Date(clock.now));
      clock.now += 4_000;
    }
    const detail = await api().get(`/api/business/einvoices/${invoice.id}`).set(bearer(f.token));
    const { uuid } = detail.body.document;
    const valid = await binaryBody(
      api().get(`/api/business/invoices/${invoice.id}/download`).set(bearer(f.token)),
    ).expect(200);
    const text = (await pdfPages(valid.body as Buffer)).join('\n');
    expect(text).toContain(`UUID: ${uuid}`);
    expect(text).toContain('Validated:');
    expect(text).not.toContain('e-Invoice pending validation');
    expect(await pdfImageCount(valid.body as Buffer)).toBeGreaterThanOrEqual(1);
  });
});
