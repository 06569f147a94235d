import { count } from 'drizzle-orm';
// The seed writes through the API's own schema and key generator, so its rows are exactly what
// the API would have written. Tools may not normally import the app; this is the one exception.
import type { AppDb } from '../../apps/api/src/db/client';
import {
  activities,
  clients,
  einvoiceDocuments,
  invoiceNotes,
  invoices,
  licences,
  products,
  quotations,
  receipts,
} from '../../apps/api/src/db/schema';
import { generateLicenceKey } from '../../apps/api/src/modules/licences/licence-keys';
import { seedDemoBilling, type BillingClient, type BillingSeedResult } from './demo-billing';
import { seedDemoEinvoices } from './demo-einvoices';
import {
  evaluateDemoReleases,
  resetDemoReleases,
  seedDemoReleases,
  type DemoDevice,
  type DemoReleasesResult,
} from './demo-releases';
import { buildDemoActivities, buildDemoClients, createRandom } from './demo-data';

export interface SeedOptions {
  /** Delete every client (their licences go with them), every activity and every billing document first. */
  reset?: boolean;
  /** Number of client companies (default 40). */
  clients?: number;
  /** Seed of the random source: the same seed gives the same companies and states. */
  randomSeed?: number;
  now?: Date;
  /** Where the demo releases' APK files are written (DATA_DIR/uploads); not written without it. */
  uploadsDirectory?: string;
}

export type SeedResult =
  | {
      seeded: true;
      clients: number;
      licences: number;
      activities: number;
      billing: BillingSeedResult;
      releases: DemoReleasesResult;
    }
  | { seeded: false; existingClients: number };

/**
 * Fills the database with demo clients, licences and activity in one transaction. Without
 * `reset`, a database that already holds clients is left alone, so running the seed twice is safe.
 */
export async function seedDemoData(db: AppDb, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const random = createRandom(options.randomSeed ?? 2026);
  const demoClients = buildDemoClients(now, random, options.clients);
  const result = await db.transaction(async (tx): Promise<SeedResult> => {
    if (options.reset) {
      await resetDemoReleases(tx);
      await tx.delete(activities);
      await tx.delete(receipts);
      await tx.delete(einvoiceDocuments);
      // Credit and debit notes hold their invoice (on delete restrict): they go first.
      await tx.delete(invoiceNotes);
      await tx.delete(invoices);
      await tx.delete(quotations);
      await tx.delete(products);
      await tx.delete(clients);
    } else {
      const [existing] = await tx.select({ value: count() }).from(clients);
      if (existing && existing.value > 0) return { seeded: false, existingClients: existing.value };
    }
    let licenceCount = 0;
    let activityCount = 0;
    const devices: DemoDevice[] = [];
    const billingClients: BillingClient[] = [];
    for (const demo of demoClients) {
      const { licences: demoLicences, ...clientValues } = demo;
      const [client] = await tx
        .insert(clients)
        .values({ ...clientValues, updatedAt: clientValues.createdAt })
        .returning({ id: clients.id });
      const { companyName, contactPerson, email, phone, address } = clientValues;
      billingClients.push({
        id: client!.id,
        info: { companyName, contactPerson, email, phone, address },
      });
      const keys = demoLicences.map(() => generateLicenceKey());
      await tx.insert(licences).values(
        demoLicences.map((licence, index) => ({
          ...licence,
          key: keys[index]!,
          clientId: client!.id,
        })),
      );
      const feed = buildDemoActivities(demo, keys);
      await tx.insert(activities).values(feed);
      licenceCount += demoLicences.length;
      for (const { deviceId, boundAt, lastDeviceActivity } of demoLicences) {
        if (deviceId && boundAt && lastDeviceActivity) {
          devices.push({ deviceId, from: boundAt, until: lastDeviceActivity });
        }
      }
      activityCount += feed.length;
    }
    const billing = await seedDemoBilling(
      tx,
      billingClients.filter((_client, index) => demoClients[index]!.active),
      random,
      now,
    );
    await seedDemoEinvoices(tx, now);
    const releases = await seedDemoReleases(tx, devices, random, now, options.uploadsDirectory);
    return {
      seeded: true,
      clients: demoClients.length,
      licences: licenceCount,
      activities: activityCount,
      billing,
      releases,
    };
  });
  if (result.seeded && result.releases.releases > 0) await evaluateDemoReleases(db, now);
  return result;
}
