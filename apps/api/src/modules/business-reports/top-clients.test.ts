import { reportPeriod } from '@patrol/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/builders/clients';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { invoices } from '../../db/schema';
import { topClients } from './top-clients.repo';

// The top clients of a calendar month come from the per-client totals of the month (migration
// 0057), then the names of those few, with the invoices of deleted clients keyed by printed name:
// the ranking must be the one a single grouping of the period's invoices by client gives (most
// invoiced first, ties by name). client-report-roll-ups.test.ts compares every range with a scan.

const today = '2026-06-15';
const period = reportPeriod('month', today);

describe('the reports top clients', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('ranks clients on file and deleted clients by printed name together, ties by name', async () => {
    const client = async (companyName: string) =>
      (await buildClient({ database }, { companyName })).id;
    const [amber, birch, cedar] = [
      await client('Amber'),
      await client('Birch'),
      await client('Cedar'),
    ];
    let n = 0;
    const invoice = (
      clientId: string | null,
      companyName: string,
      totalAmount: string,
      day = today,
    ) => ({
      invoiceNumber: `INV-TOP-${++n}`,
      clientId,
      clientInfo: { companyName },
      issueDate: dayStart(day),
      dueDate: dayStart(day),
      totalAmount,
    });
    await database.db.insert(invoices).values([
      invoice(amber, 'Amber Old Name', '100.00', '2026-06-02'),
      invoice(amber, 'Amber', '200.00'),
      invoice(birch, 'Birch', '300.00'),
      invoice(cedar, 'Cedar', '50.00'),
      // Cedar's invoice of last month and a voided one count nowhere.
      invoice(cedar, 'Cedar', '900.00', '2026-05-31'),
      { ...invoice(cedar, 'Cedar', '900.00'), isVoided: true },
      // Two invoices of a deleted client, one of another.
      invoice(null, 'Aardvark Gone', '150.00'),
      invoice(null, 'Aardvark Gone', '150.00'),
      invoice(null, 'Zebra Gone', '10.00'),
    ]);

    expect(await topClients(database.db, period, 3)).toEqual([
      { name: 'Aardvark Gone', revenueSen: '30000', invoices: 2 },
      { name: 'Amber Old Name', revenueSen: '30000', invoices: 2 },
      { name: 'Birch', revenueSen: '30000', invoices: 1 },
    ]);
    expect((await topClients(database.db, period, 10)).map((row) => row.name)).toEqual([
      'Aardvark Gone',
      'Amber Old Name',
      'Birch',
      'Cedar',
      'Zebra Gone',
    ]);
  });
});
