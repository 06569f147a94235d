import { defaultCompanySettings } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { companySettings, type CompanySettingsRow } from '../../db/schema';

/** The settings table holds one row, id 1. */
const settingsRowId = 1;

/** Creates the settings row with the server defaults unless it exists (safe to call concurrently). */
export async function ensureSettingsRow(db: DbExecutor): Promise<void> {
  await db
    .insert(companySettings)
    .values({ id: settingsRowId, settings: defaultCompanySettings })
    .onConflictDoNothing();
}

/** The settings row, locked until the transaction ends when `forUpdate` is set. */
export async function findSettingsRow(
  db: DbExecutor,
  options: { forUpdate?: boolean } = {},
): Promise<CompanySettingsRow | undefined> {
  const query = db
    .select()
    .from(companySettings)
    .where(eq(companySettings.id, settingsRowId))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Changes the settings row and answers it. */
export async function updateSettingsRow(
  db: DbExecutor,
  values: Partial<Pick<CompanySettingsRow, 'settings' | 'logoPath' | 'logoMimeType' | 'updatedBy'>>,
): Promise<CompanySettingsRow> {
  const [row] = await db
    .update(companySettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companySettings.id, settingsRowId))
    .returning();
  return row!;
}
