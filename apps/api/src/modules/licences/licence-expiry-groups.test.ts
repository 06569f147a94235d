import { generateLicenceKey } from './licence-keys';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, licenceExpiryGroups, licences } from '../../db/schema';
import {
  type TestContext,
  buildClient,
  buildLicence,
  createTestContext,
} from '../../../test/builders';

const dayMs = 86_400_000;
const inDays = (days: number, hour = 10) => new Date(Date.UTC(2031, 0, 1 + days, hour, 0, 0));

/** The groups as the roll-up holds them, and as grouping every key finds them. */
async function bothWays(t: TestContext) {
  const kept = await t.database.db
    .select()
    .from(licenceExpiryGroups)
    .orderBy(
      asc(licenceExpiryGroups.expiryDay),
      asc(licenceExpiryGroups.clientId),
      asc(licenceExpiryGroups.licenceType),
    );
  const scanned = await t.database.db.execute<{
    expiryDay: string;
    clientId: string;
    licenceType: string;
    keyCount: number;
  }>(sql`
    select to_char((valid_until at time zone 'UTC')::date, 'YYYY-MM-DD') as "expiryDay",
           client_id as "clientId", licence_type as "licenceType", count(*)::int as "keyCount"
      from licences where valid_until is not null
     group by 1, 2, 3 order by 1, 2, 3`);
  return { kept, scanned: scanned.rows };
}

describe('licence expiry groups (the renewals roll-ups)', { timeout: 120_000 }, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  }, 180_000);
  afterAll(() => t.close());

  it('follow keys inserted, extended, moved, retyped and deleted, one by one and in bulk', async () => {
    const first = await buildClient(t, { companyName: 'Kumpulan Satu Sdn Bhd' });
    const second = await buildClient(t, { companyName: 'Kumpulan Dua Sdn Bhd' });
    const extended = await buildLicence(t, first.id, { validUntil: inDays(3) });
    const moved = await buildLicence(t, first.id, { validUntil: inDays(3, 20) });
    const retyped = await buildLicence(t, first.id, {
      validUntil: inDays(3),
      licenceType: 'Trial',
    });
    await buildLicence(t, first.id, { validUntil: null });
    // One statement, many keys of several groups.
    await t.database.db.insert(licences).values(
      Array.from({ length: 30 }, (_, index) => ({
        key: generateLicenceKey(),
        clientId: index % 2 ? first.id : second.id,
        licenceType: (['Trial', 'Standard', 'Premium'] as const)[index % 3],
        validUntil: inDays(index % 5),
      })),
    );
    expect((await bothWays(t)).kept).toEqual((await bothWays(t)).scanned);

    await t.database.db
      .update(licences)
      .set({ validUntil: new Date(inDays(3).getTime() + 365 * dayMs) })
      .where(eq(licences.id, extended.id));
    await t.database.db
      .update(licences)
      .set({ clientId: second.id })
      .where(eq(licences.id, moved.id));
    await t.database.db
      .update(licences)
      .set({ licenceType: 'Premium' })
      .where(eq(licences.id, retyped.id));
    // A heartbeat's write names none of the columns: the groups stay as they are.
    await t.database.db
      .update(licences)
      .set({ lastDeviceActivity: new Date() })
      .where(eq(licences.clientId, first.id));
    let groups = await bothWays(t);
    expect(groups.kept).toEqual(groups.scanned);

    await t.database.db.delete(licences).where(eq(licences.licenceType, 'Trial'));
    await t.database.db.delete(clients).where(eq(clients.id, second.id));
    groups = await bothWays(t);
    expect(groups.kept).toEqual(groups.scanned);
    expect(groups.kept.every((group) => group.keyCount > 0)).toBe(true);
    expect(groups.kept.some((group) => group.clientId === second.id)).toBe(false);
  });
});
