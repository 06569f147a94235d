import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clients, invoices, licences } from '../../db/schema';
import { buildClient, generateLicenceKey } from '../../../test/builders';
import { scanRows } from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import { sumUnpaidKeysDueBetween } from './invoice-dues.repo';

// The unpaid keys' roll-ups (migration 0049) against the invoices and licences they count: after
// any sequence of invoice and key writes, each invoice's paid_key_count equals the keys that name
// it, every roll-up row equals a fresh aggregate of the unpaid invoices' keys, and the sum the
// dashboard's overdue-key counts read equals the same keys counted invoice by invoice.

const firstDay = Date.UTC(2026, 5, 1);
const dayOfJune = (n: number) => new Date(firstDay + n * 86_400_000);
/** Whole ringgit from 0 to 3: owed, settled and over-settled amounts all come up often. */
const amount = fc.integer({ min: 0, max: 3 }).map((ringgit) => `${ringgit}.00`);
const invoiceFields = fc.record({
  dueDate: fc.integer({ min: 0, max: 9 }).map(dayOfJune),
  totalAmount: amount,
  validatedAmount: amount,
  refundedAmount: amount,
  creditedAmount: amount,
  debitedAmount: amount,
  isVoided: fc.boolean(),
  withClient: fc.boolean(),
});
type InvoiceFields = typeof invoiceFields extends fc.Arbitrary<infer T> ? T : never;

const write = fc.oneof(
  fc.record({
    kind: fc.constant('insertInvoices' as const),
    rows: fc.array(invoiceFields, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('updateInvoice' as const), pick: fc.nat(), fields: invoiceFields }),
  fc.record({ kind: fc.constant('settleMany' as const) }),
  fc.record({ kind: fc.constant('deleteInvoice' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('insertKeys' as const),
    count: fc.integer({ min: 1, max: 4 }),
    payer: fc.option(fc.nat()),
  }),
  fc.record({ kind: fc.constant('moveKey' as const), pick: fc.nat(), payer: fc.option(fc.nat()) }),
  fc.record({ kind: fc.constant('deleteKey' as const), pick: fc.nat() }),
  // The client deleted (its keys go, its invoices keep their rows without it) and a new one added.
  fc.record({ kind: fc.constant('replaceClient' as const) }),
);
type WriteStep = typeof write extends fc.Arbitrary<infer T> ? T : never;

const unpaid = sql.raw(
  `not i.is_voided and i.client_id is not null
   and i.validated_amount - i.refunded_amount < i.total_amount + i.debited_amount - i.credited_amount`,
);

describe('unpaid keys roll-ups', () => {
  let database: Database;
  let clientId: string;
  let numbered = 0;
  const addClient = async () => {
    clientId = (await buildClient({ database })).id;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    await addClient();
  });
  afterAll(() => database.close());

  const rows = (query: SQL) => scanRows(database, query);
  const invoiceValues = ({ withClient, ...fields }: InvoiceFields) => ({
    ...fields,
    clientId: withClient ? clientId : null,
  });
  const idsOf = async (table: typeof invoices | typeof licences) =>
    (await database.db.select({ id: table.id }).from(table).orderBy(table.id)).map((r) => r.id);
  const payerOf = async (pick: number | null) => {
    if (pick === null) return null;
    const ids = await idsOf(invoices);
    return ids.length === 0 ? null : ids[pick % ids.length]!;
  };

  async function apply(step: WriteStep) {
    const { db } = database;
    if (step.kind === 'insertInvoices') {
      await db.insert(invoices).values(
        step.rows.map((row) => ({
          ...invoiceValues(row),
          invoiceNumber: `INV-K-${++numbered}`,
          clientInfo: { companyName: 'Roll-up Guards' },
        })),
      );
    } else if (step.kind === 'replaceClient') {
      await db.delete(clients).where(sql`${clients.id} = ${clientId}`);
      await addClient();
    } else if (step.kind === 'settleMany') {
      await db
        .update(invoices)
        .set({ validatedAmount: sql`${invoices.totalAmount} + ${invoices.debitedAmount}` })
        .where(sql`${invoices.totalAmount} >= 2`);
    } else if (step.kind === 'insertKeys') {
      const payer = await payerOf(step.payer);
      await db.insert(licences).values(
        Array.from({ length: step.count }, () => ({
          key: generateLicenceKey(),
          clientId,
          paidByInvoiceId: payer,
        })),
      );
    } else {
      const table = step.kind.endsWith('Key') ? licences : invoices;
      const ids = await idsOf(table);
      if (ids.length === 0) return;
      const id = ids[step.pick % ids.length]!;
      if (step.kind === 'updateInvoice') {
        await db
          .update(invoices)
          .set(invoiceValues(step.fields))
          .where(sql`${invoices.id} = ${id}`);
      } else if (step.kind === 'moveKey') {
        await db
          .update(licences)
          .set({ paidByInvoiceId: await payerOf(step.payer) })
          .where(sql`${licences.id} = ${id}`);
      } else {
        await db.delete(table).where(sql`${table.id} = ${id}`);
      }
    }
  }

  it('equal the keys of the unpaid invoices after any sequence of invoice and key writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (steps) => {
        await database.db.execute(sql`truncate invoices, licences cascade`);
        for (const step of steps) await apply(step);

        expect(
          await rows(sql`select id, paid_key_count as keys from invoices order by id`),
        ).toEqual(
          await rows(sql`
            select i.id, count(l.id)::int as keys
              from invoices i left join licences l on l.paid_by_invoice_id = i.id
             group by i.id order by i.id`),
        );
        expect(
          await rows(sql`
            select due_date, keys::int from unpaid_key_due_counts where keys <> 0 order by 1`),
        ).toEqual(
          await rows(sql`
            select i.due_date, count(*)::int as keys
              from invoices i join licences l on l.paid_by_invoice_id = i.id
             where ${unpaid} group by 1 order by 1`),
        );
        const [scanned] = await rows(sql`
          select count(*)::int as keys from invoices i join licences l on l.paid_by_invoice_id = i.id
           where ${unpaid} and i.due_date between '2026-06-03' and '2026-06-07'`);
        expect(await sumUnpaidKeysDueBetween(database.db, '2026-06-03', '2026-06-07')).toBe(
          scanned!.keys,
        );
      }),
      { numRuns: 15 },
    );
  });
});
