import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, createTestContext, type TestContext } from './builders';
import type { ClientRow } from '../src/db/schema';
import { convertQuotationToInvoice } from '../src/modules/invoices/invoice-conversion';
import { setQuotationStatus } from '../src/modules/quotations/quotation-status.service';
import { createQuotation } from '../src/modules/quotations/quotations.service';
import { nextDocumentNumber } from '../src/modules/settings/numbering.service';
import { updateCompanySettings } from '../src/modules/settings/settings.service';

// One database for the whole property: every run starts from what the earlier runs issued, which
// is exactly the history a settings change has to respect.
let t: TestContext;
let actor: Parameters<typeof updateCompanySettings>[1];
let client: ClientRow;

beforeAll(async () => {
  t = await createTestContext();
  const { user } = await t.createUserWithToken({ role: 'superadmin' });
  actor = { ...user, permissions: [], customPermissions: { granted: [], denied: [] } };
  client = await buildClient(t);
});
afterAll(() => t.close());

type Kind = 'quotation' | 'invoice' | 'receipt';
type NumberingChange = Partial<CompanySettings['numberingSettings']['invoice']>;

const numberingChange: fc.Arbitrary<NumberingChange> = fc.record(
  {
    prefix: fc.constantFrom('QUO', 'INV', 'RCP', 'DOC'),
    series: fc.constantFrom('MP', 'KL'),
    startNumber: fc.constantFrom(1, 2, 5, 40),
    padLength: fc.constantFrom(3, 6),
    useFinancialYear: fc.boolean(),
    useCurrentYear: fc.boolean(),
    resetAnnually: fc.boolean(),
  },
  { requiredKeys: [] },
);

type Step =
  | { type: 'change'; kind: Kind; change: NumberingChange }
  | { type: 'create'; kind: Kind; together: 1 | 2 }
  | { type: 'nextYear' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    type: fc.constant('change' as const),
    kind: fc.constantFrom<Kind>('quotation', 'invoice', 'receipt'),
    change: numberingChange,
  }),
  fc.record({
    type: fc.constant('create' as const),
    kind: fc.constantFrom<Kind>('quotation', 'invoice', 'receipt'),
    together: fc.constantFrom<1 | 2>(1, 2),
  }),
  fc.constant({ type: 'nextYear' as const }),
);

async function createQuotationOn(now: Date): Promise<{ id: string; number: string }> {
  const { quotation } = await createQuotation(
    t.ctx,
    actor,
    {
      clientId: client.id,
      validityDays: 30,
      paymentTerms: 'NET_30',
      notes: '',
      discountAmount: 0,
      items: [{ productName: 'Licence', description: '', quantity: 1, unitPrice: 10, discount: 0 }],
    },
    now,
  );
  return { id: quotation.id, number: quotation.quotationNumber };
}

/** Creates one document of the kind through its real path and answers its number. */
async function create(kind: Kind, now: Date): Promise<string> {
  if (kind === 'quotation') return (await createQuotationOn(now)).number;
  if (kind === 'invoice') {
    const quotation = await createQuotationOn(now);
    await setQuotationStatus(t.ctx, actor, quotation.id, 'accepted', now);
    const { invoice } = await convertQuotationToInvoice(t.ctx, actor, quotation.id, {}, now);
    return invoice.invoiceNumber;
  }
  // Receipts are issued by payment validation; the number is taken the same way, in its transaction.
  return t.database.db.transaction(async (tx) => (await nextDocumentNumber(tx, kind, now)).number);
}

async function saveNumbering(kind: Kind, change: NumberingChange): Promise<void> {
  const settings = structuredClone(defaultCompanySettings);
  const current = (await t.ctx.db.query.companySettings.findFirst())?.settings as
    CompanySettings | undefined;
  if (current?.numberingSettings) settings.numberingSettings = current.numberingSettings;
  settings.numberingSettings[kind] = { ...settings.numberingSettings[kind], ...change };
  await updateCompanySettings(t.ctx, actor, settings);
}

/** The number as its pattern and sequence: 'INV-MP-2026-0001' and 'INV-MP-2026-000001' are one. */
function identity(number: string): string {
  const match = /^(.*)-(\d+)$/.exec(number)!;
  return `${match[1]}#${Number(match[2])}`;
}

describe('document numbering under any sequence of settings changes', () => {
  it('never reissues a number and never fails a creation', async () => {
    const issued: Record<Kind, Set<string>> = {
      quotation: new Set(),
      invoice: new Set(),
      receipt: new Set(),
    };
    let year = 2026;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        for (const current of steps) {
          if (current.type === 'nextYear') year += 1;
          else if (current.type === 'change') await saveNumbering(current.kind, current.change);
          else {
            const now = new Date(`${year}-06-15T04:00:00Z`);
            const numbers = await Promise.all(
              Array.from({ length: current.together }, () => create(current.kind, now)),
            );
            for (const number of numbers) {
              const key = identity(number);
              expect(issued[current.kind].has(key), `${number} issued twice`).toBe(false);
              issued[current.kind].add(key);
            }
          }
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 120_000);
});
