import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCounters, documentNumberPatterns } from '../../db/schema';
import { nextDocumentNumber } from './numbering.service';
import { updateCompanySettings } from './settings.service';
import { type TestContext, createTestContext } from '../../../test/builders';

let t: TestContext;
let actor: Parameters<typeof updateCompanySettings>[1];

beforeAll(async () => {
  t = await createTestContext();
  const { user } = await t.createUserWithToken({ role: 'superadmin' });
  actor = { ...user, permissions: [], customPermissions: { granted: [], denied: [] } };
});
afterAll(() => t.close());

const june2026 = new Date('2026-06-15T04:00:00Z');
const january2027 = new Date('2027-01-10T04:00:00Z');

function issue(kind: 'product' | 'quotation' | 'invoice' | 'receipt', now = june2026) {
  return t.database.db.transaction((tx) => nextDocumentNumber(tx, kind, now));
}

async function saveNumbering(
  kind: keyof CompanySettings['numberingSettings'],
  changes: Partial<CompanySettings['numberingSettings']['invoice']>,
) {
  const settings = structuredClone(defaultCompanySettings);
  settings.numberingSettings[kind] = { ...settings.numberingSettings[kind], ...changes };
  await updateCompanySettings(t.ctx, actor, settings);
}

describe('nextDocumentNumber', () => {
  it('formats numbers from the default settings and counts up', async () => {
    expect((await issue('receipt')).number).toBe('RCP-MP-2026-000001');
    expect((await issue('receipt')).number).toBe('RCP-MP-2026-000002');
  });

  it('gives 20 concurrent calls 20 distinct, consecutive numbers', async () => {
    const issued = await Promise.all(Array.from({ length: 20 }, () => issue('invoice')));
    const sequences = issued.map((number) => number.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(new Set(issued.map((number) => number.number)).size).toBe(20);
  }, 60_000);

  it('starts at the configured start number with the configured prefix, series and padding', async () => {
    await saveNumbering('quotation', {
      prefix: 'QT',
      series: 'KL',
      startNumber: 500,
      padLength: 4,
    });
    expect((await issue('quotation')).number).toBe('QT-KL-2026-0500');
    expect((await issue('quotation')).number).toBe('QT-KL-2026-0501');
  });

  it('restarts each year when numbers reset annually, and keeps counting when they do not', async () => {
    await saveNumbering('product', { resetAnnually: true });
    await issue('product');
    expect(await issue('product', january2027)).toMatchObject({
      number: 'PRD-MP-2027-000001',
      periodKey: '2027',
    });
    await saveNumbering('product', { resetAnnually: false, useCurrentYear: false });
    expect((await issue('product')).number).toBe('PRD-MP-000001');
    expect((await issue('product', january2027)).number).toBe('PRD-MP-000002');
  });

  it('frees the number again when the document transaction rolls back', async () => {
    await saveNumbering('invoice', { series: 'RB' });
    const rollback = new Error('document insert failed');
    await expect(
      t.database.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, 'invoice', january2027);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await issue('invoice', january2027)).number).toBe('INV-RB-2027-000001');
    const counters = await t.database.db.select().from(documentCounters);
    expect(
      counters.find((row) => row.kind === 'invoice' && row.periodKey === '2027')?.lastValue,
    ).toBe(1);
  });

  it('goes past the numbers a pattern already issued when a change would repeat them', async () => {
    await saveNumbering('receipt', { series: 'RP', resetAnnually: true, useCurrentYear: true });
    // The 2026 counter goes on from the receipts issued above under the MP series.
    expect((await issue('receipt')).number).toBe('RCP-RP-2026-000003');
    expect((await issue('receipt')).number).toBe('RCP-RP-2026-000004');
    // Without the annual reset the never-resetting counter is fresh, but RCP-RP-2026 is not.
    await saveNumbering('receipt', { series: 'RP', resetAnnually: false, useCurrentYear: true });
    expect((await issue('receipt')).number).toBe('RCP-RP-2026-000005');
    // Back to the annual counter (at 4) with another padding: a used sequence never comes back.
    await saveNumbering('receipt', { series: 'RP', resetAnnually: true, padLength: 3 });
    expect((await issue('receipt')).number).toBe('RCP-RP-2026-006');
    const patterns = await t.database.db.select().from(documentNumberPatterns);
    expect(
      patterns.find((row) => row.kind === 'receipt' && row.pattern === 'RCP-RP-2026')?.lastSequence,
    ).toBe(6);
  });
});
