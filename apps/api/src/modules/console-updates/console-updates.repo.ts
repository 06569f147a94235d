import type { OtaChannel } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { consoleUpdateSettings } from '../../db/schema';

/** The installation's update channel; stable until someone changes it. */
export async function findUpdateChannel(
  db: DbExecutor,
  options: { forUpdate?: boolean } = {},
): Promise<OtaChannel> {
  const query = db
    .select({ channel: consoleUpdateSettings.channel })
    .from(consoleUpdateSettings)
    .where(eq(consoleUpdateSettings.id, 1));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row?.channel ?? 'stable';
}

/** Stores the channel in the single settings row, creating it on the first change. */
export async function saveUpdateChannel(
  db: DbExecutor,
  channel: OtaChannel,
  updatedBy: string,
): Promise<void> {
  await db
    .insert(consoleUpdateSettings)
    .values({ id: 1, channel, updatedBy })
    .onConflictDoUpdate({
      target: consoleUpdateSettings.id,
      set: { channel, updatedBy, updatedAt: new Date() },
    });
}
