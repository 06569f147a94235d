import { eq, ilike, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import { findPostgresError } from './errors';
import {
  clients,
  companySettings,
  crashGroups,
  crashReports,
  invoices,
  licences,
  type NewClientRow,
} from './schema';

// Behaviour the services rely on that lives in the schema itself: constraints, cascades,
// generated columns, exact money and the search index.

let database: Database;
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function insertClient(overrides: Partial<NewClientRow> = {}) {
  sequence += 1;
  const [client] = await database.db
    .insert(clients)
    .values({
      companyId: `CMP-${sequence}`,
      companyName: `Client ${sequence} Sdn Bhd`,
      contactPerson: 'Lee Wei',
      email: `client${sequence}@example.com`,
      phone: '+60 12-345 6789',
      address: 'Jalan Ampang, Kuala Lumpur',
      ...overrides,
    })
    .returning();
  return client;
}

async function failureOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('licences', () => {
  it('refuses to bind one device to two licences, but lets unbound licences share a stale device id', async () => {
    const client = await insertClient();
    const device = 'MPDID-ABCDEF123456-Tower';
    await database.db.insert(licences).values([
      { key: 'KEY-UNBOUND-1', clientId: client.id, deviceId: device, bound: false },
      { key: 'KEY-UNBOUND-2', clientId: client.id, deviceId: device, bound: false },
      { key: 'KEY-BOUND-1', clientId: client.id, deviceId: device, bound: true },
    ]);
    const error = await failureOf(
      database.db
        .insert(licences)
        .values({ key: 'KEY-BOUND-2', clientId: client.id, deviceId: device, bound: true }),
    );
    expect(findPostgresError(error)).toMatchObject({
      code: '23505',
      constraint: 'licences_bound_device_id_unique',
    });
  });

  it('are deleted with their client, while the client’s invoices are kept', async () => {
    const client = await insertClient();
    await database.db.insert(licences).values({ key: 'KEY-CASCADE', clientId: client.id });
    const [invoice] = await database.db
      .insert(invoices)
      .values({
        invoiceNumber: `INV-KEEP-${client.companyId}`,
        clientId: client.id,
        clientInfo: { companyName: client.companyName },
        dueDate: new Date('2026-01-31T00:00:00Z'),
      })
      .returning();

    await database.db.delete(clients).where(eq(clients.id, client.id));

    expect(
      await database.db.select().from(licences).where(eq(licences.key, 'KEY-CASCADE')),
    ).toEqual([]);
    const [kept] = await database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ clientId: null, clientInfo: { companyName: client.companyName } });
  });
});

describe('money', () => {
  it('is stored and summed exactly (numeric, read back as a decimal string)', async () => {
    const dueDate = new Date('2026-02-28T00:00:00Z');
    await database.db.insert(invoices).values([
      { invoiceNumber: 'INV-MONEY-1', dueDate, totalAmount: '0.10' },
      { invoiceNumber: 'INV-MONEY-2', dueDate, totalAmount: '0.20' },
      { invoiceNumber: 'INV-MONEY-3', dueDate, totalAmount: '123456789012.34' },
    ]);
    const [{ total }] = await database.db
      .select({ total: sql<string>`sum(${invoices.totalAmount})` })
      .from(invoices)
      .where(ilike(invoices.invoiceNumber, 'INV-MONEY-%'));
    expect(total).toBe('123456789012.64');
    const [first] = await database.db
      .select({ paidAmount: invoices.paidAmount })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, 'INV-MONEY-1'));
    expect(first.paidAmount).toBe('0.00');
  });
});

describe('crash reports', () => {
  it('expose platform and app version from the JSON sent by the app, for filtering', async () => {
    const [report] = await database.db
      .insert(crashReports)
      .values({
        title: 'NFC reader crashed',
        deviceInfo: { platform: 'android', osVersion: '14' },
        appInfo: { version: '2.4.1', buildNumber: '241' },
      })
      .returning();
    expect(report).toMatchObject({
      platform: 'android',
      appVersion: '2.4.1',
      status: 'new',
      severity: 'medium',
      reportType: 'automatic',
      tags: [],
    });
  });

  it('rank severity and status for sorting, and lowercase what the search matches', async () => {
    const [report] = await database.db
      .insert(crashReports)
      .values({
        title: 'GPS Lost',
        severity: 'critical',
        status: 'in-progress',
        errorMessage: 'LocationException',
        deviceId: 'MPDID-A1B2C3D4E5F6-Tower',
      })
      .returning();
    expect(report).toMatchObject({ severityRank: 4, statusRank: 3 });
    expect(report!.searchText).toContain('gps lost locationexception');
    expect(report!.searchText).toContain('mpdid-a1b2c3d4e5f6-tower');
  });

  it.each([
    ['the search', crashReports, 'crash_reports_search_trgm_idx'],
    ['the group search', crashGroups, 'crash_groups_search_trgm_idx'],
  ] as const)('serve %s through a trigram index', async (_name, table, index) => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<Record<string, string>>(
        sql`explain ${tx.select().from(table).where(like(table.searchText, '%nullpointer%'))}`,
      );
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain(index);
  });
});

describe('company settings', () => {
  it('hold a single row', async () => {
    await database.db.insert(companySettings).values({ settings: { companyName: 'Patrol Co' } });
    const error = await failureOf(
      database.db.insert(companySettings).values({ id: 2, settings: {} }),
    );
    expect(findPostgresError(error)?.code).toBe('23514');
  });
});

describe('client search', () => {
  it('matches a lowercase substring of any field through the trigram index', async () => {
    await insertClient({ companyName: 'Kawalan Bestari Sdn Bhd', address: 'Jalan Tun Razak' });
    const byAddress = await database.db
      .select({ companyName: clients.companyName })
      .from(clients)
      .where(like(clients.searchText, '%tun raz%'));
    expect(byAddress).toEqual([{ companyName: 'Kawalan Bestari Sdn Bhd' }]);

    const plan = await database.db.transaction(async (tx) => {
      // A handful of rows would be scanned sequentially; forbid that to see the index is usable.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute<Record<string, string>>(
        sql`explain ${tx
          .select({ id: clients.id })
          .from(clients)
          .where(like(clients.searchText, '%bestari%'))}`,
      );
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('clients_search_trgm_idx');
  });
});
