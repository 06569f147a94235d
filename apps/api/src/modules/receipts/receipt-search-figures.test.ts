import { paymentMethods } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyRollUpWrite,
  rollUpDay,
  rollUpWrites,
  scanRows,
  senAmount,
} from '../../../test/roll-up-writes';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { receipts } from '../../db/schema';
import { findReceiptPage } from './receipts.repo';

// A search's figures (migration 0058) against a scan of the receipts: after any sequence of
// writes, the receipts matching a term by printed client name or by the rest of their text
// (number, reference, invoices) are counted once, this month's too, and their total is exact to
// the sen; the page is the scan's first rows. "patrol" matches names and invoice numbers alike,
// "50%" holds the pattern's wildcards to their letters.

const today = '2026-07-01';
const terms = ['alpha', 'patrol', 'beta patrol', 'guards', '50%', 'rcp-1', 'txn', 'a', 'zzz'];

const receiptRow = fc.record({
  printedName: fc.option(
    fc.constantFrom('Alpha Guards', 'Beta Patrol Services', 'Gamma 50% Watch'),
  ),
  referenceNumber: fc.constantFrom('TXN-ALPHA', 'CHQ-77', null),
  invoiceNumbers: fc.subarray(['INV-PATROL-1', 'INV-2']),
  paymentDate: rollUpDay,
  totalAmount: senAmount,
  paymentMethod: fc.constantFrom(...paymentMethods),
});

const receiptTable = {
  table: receipts,
  amount: receipts.totalAmount,
  values: ({
    printedName,
    ...row
  }: typeof receiptRow extends fc.Arbitrary<infer T> ? T : never) => ({
    ...row,
    clientInfo: printedName === null ? {} : { companyName: printedName },
    transactionType: 'full_payment' as const,
  }),
  newRow: (n: number) => ({ receiptNumber: `RCP-${n}`, verificationCode: `VERIFY-${n}` }),
  statusColumn: 'paymentMethod',
};

/** The receipts matching `term` by name or by the rest of their text, found by a scan. */
const scanned = (term: string) => sql`from receipts where
  strpos(lower(coalesce(client_info->>'companyName', '')), ${term}) > 0
  or strpos(lower(receipt_number || ' ' || coalesce(reference_number, '') || ' ' || invoice_numbers::text), ${term}) > 0`;

async function figuresByScan(database: Database, term: string) {
  const [row] = await scanRows(
    database,
    sql`select count(*)::int as total,
      (count(*) filter (where payment_date >= '2026-07-01T00:00:00Z'))::int as this_month,
      (coalesce(sum(total_amount), 0) * 100)::bigint::text as sen ${scanned(term)}`,
  );
  return { total: row!.total, thisMonth: row!.this_month, totalSen: Number(row!.sen) };
}

describe('a receipts search', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts and totals its matches from the name roll-ups as a scan does', async () => {
    await fc.assert(
      fc.asyncProperty(
        rollUpWrites(receiptRow, fc.constantFrom(...paymentMethods)),
        async (writes) => {
          await database.db.execute(sql`truncate receipts cascade`);
          for (const write of writes) await applyRollUpWrite(database, receiptTable, write);
          for (const search of terms) {
            const { rows, figures } = await findReceiptPage(database.db, {
              search,
              today,
              page: 1,
              limit: 3,
              sortBy: 'createdAt',
              sortOrder: 'desc',
            });
            expect(figures, search).toEqual(await figuresByScan(database, search));
            const page = await scanRows(
              database,
              sql`select id ${scanned(search)} order by created_at desc, id desc limit 3`,
            );
            expect(
              rows.map((row) => row.id),
              search,
            ).toEqual(page.map((row) => row.id));
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
