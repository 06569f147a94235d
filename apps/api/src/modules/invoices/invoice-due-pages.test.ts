import { dueStatuses, paymentStatuses, type PaymentStatus } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { findPageRows } from '../../db/sorted-page';
import { invoices } from '../../db/schema';
import { invoicePageQuery } from './invoices.repo';

// A due filter's page, or an owing status's, is read as branches of the owing invoices' index in
// the list's order (owingBranches) once it matches too many to read filter-first. That page must
// be the one reading every match and sorting gives, in every order the list offers.

const today = '2026-06-15';
const sortKeys = ['createdAt', 'issueDate', 'dueDate', 'invoiceNumber', 'totalAmount'] as const;
const day = (n: number) => new Date(Date.UTC(2026, 5, 1) + n * 86_400_000);

const invoiceRows = fc.array(
  fc.record({
    dueDay: fc.integer({ min: 0, max: 30 }),
    issueDay: fc.integer({ min: 0, max: 30 }),
    createdDay: fc.integer({ min: 0, max: 30 }),
    total: fc.integer({ min: 0, max: 4 }).map((n) => `${n * 100}.00`),
    paymentStatus: fc.constantFrom(...paymentStatuses),
    isVoided: fc.boolean(),
  }),
  { minLength: 1, maxLength: 25 },
);

const owingFilter = fc.oneof(
  fc.record({ dueStatus: fc.constantFrom(...dueStatuses) }),
  fc.record({
    paymentStatus: fc.constantFrom(
      'unpaid',
      'pending',
      'partial',
      'overdue',
    ) as fc.Arbitrary<PaymentStatus>,
  }),
);

const asked = fc.record({
  filter: owingFilter,
  sortBy: fc.constantFrom(...sortKeys),
  sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
  page: fc.integer({ min: 1, max: 3 }),
});

describe('an invoice due or owing status filter read as branches', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives the page filter-first reading gives, in every order', async () => {
    await fc.assert(
      fc.asyncProperty(invoiceRows, asked, async (rows, request) => {
        await database.db.execute(sql`truncate invoices cascade`);
        await database.db.insert(invoices).values(
          rows.map((row, n) => ({
            invoiceNumber: `INV-D-${String(n).padStart(3, '0')}`,
            clientInfo: { companyName: 'Due Guards' },
            dueDate: day(row.dueDay),
            issueDate: day(row.issueDay),
            createdAt: day(row.createdDay),
            totalAmount: row.total,
            paymentStatus: row.paymentStatus,
            isVoided: row.isVoided,
          })),
        );
        const { filter, ...order } = request;
        const query = invoicePageQuery({ ...filter, ...order, limit: 3, today });
        expect(query.branches?.length).toBeGreaterThan(0);
        const ids = async (matching: number) =>
          (await findPageRows(database.db, invoices, query, matching)).map((row) => row.id);
        // 0 matches read filter-first; Infinity too many for it, so the branch is read.
        expect(await ids(Infinity)).toEqual(await ids(0));
      }),
      { numRuns: 40 },
    );
  });
});
