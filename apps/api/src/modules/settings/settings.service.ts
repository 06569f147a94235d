import {
  defaultCompanySettings,
  type CompanySettings,
  type CompanySettingsResponse,
  type CompanySettingsWithLogo,
  type Permission,
} from '@patrol/contracts';
import { hasPermissions, type PermissionSubject } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import { removeUpload } from '../../storage/uploads';
import { recordAudit } from '../audit/audit.service';
import { presentSettings, storedSettings } from './settings.presenter';
import { ensureSettingsRow, findSettingsRow, updateSettingsRow } from './settings.repo';

/** The audit trail's id for the single settings entity. */
export const settingsEntityId = 'company';

export const settingsSuccessMessages = {
  saved: 'Settings saved successfully',
  reset: 'Settings reset to default successfully',
} as const;

/** GET /api/settings: the settings with the logo. */
/** Who may read the bank details: those who handle settings or billing documents. */
export const bankDetailsReaders: readonly Permission[] = [
  'settings.view',
  'quotations.view',
  'invoices.view',
];

/**
 * GET /api/settings. Every signed-in user gets what the footer and header show; the bank
 * details only reach those who handle settings or billing documents (blank for the others).
 */
export async function getCompanySettings(
  db: DbExecutor,
  user: PermissionSubject,
): Promise<CompanySettingsResponse> {
  const settings = await readCompanySettings(db);
  if (hasPermissions(user, bankDetailsReaders)) return { success: true, settings };
  return {
    success: true,
    settings: { ...settings, bankDetails: { bankName: '', accountNumber: '', accountName: '' } },
  };
}

/** The company settings, created with the server defaults on first read. */
export async function readCompanySettings(db: DbExecutor): Promise<CompanySettingsWithLogo> {
  return presentSettings(await readSettingsRow(db));
}

/** The stored settings row (with the logo's file), created with the defaults on first read. */
export async function readSettingsRow(db: DbExecutor) {
  const row = await findSettingsRow(db);
  if (row) return row;
  await ensureSettingsRow(db);
  return findSettingsRow(db);
}

/** The company's time zone (settings, group time; Asia/Kuala_Lumpur unless changed). */
export async function companyTimeZone(db: DbExecutor): Promise<string> {
  return storedSettings(await readSettingsRow(db)).timeSettings.timeZone;
}

/** The settings row locked for a change, created first if needed. */
async function lockSettingsRow(db: DbExecutor) {
  await ensureSettingsRow(db);
  return (await findSettingsRow(db, { forUpdate: true }))!;
}

/** Replaces the whole settings object (already validated by the contract) and audits the changed fields. */
export async function updateCompanySettings(
  { db }: Pick<AppContext, 'db'>,
  actor: AuthUser,
  settings: CompanySettings,
): Promise<CompanySettingsResponse> {
  const row = await db.transaction(async (tx) => {
    const current = await lockSettingsRow(tx);
    const updated = await updateSettingsRow(tx, { settings, updatedBy: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'settings.updated',
      entityType: 'settings',
      entityId: settingsEntityId,
      before: storedSettings(current),
      after: settings,
    });
    return updated;
  });
  return { success: true, message: settingsSuccessMessages.saved, settings: presentSettings(row) };
}

/**
 * Restores the server defaults and clears the logo; the logo file is deleted once the change is
 * committed, so a failed reset never loses it.
 */
export async function resetCompanySettings(
  { db, uploads }: Pick<AppContext, 'db' | 'uploads'>,
  actor: AuthUser,
): Promise<CompanySettingsResponse> {
  const { row, previousLogo } = await db.transaction(async (tx) => {
    const current = await lockSettingsRow(tx);
    const updated = await updateSettingsRow(tx, {
      settings: defaultCompanySettings,
      logoPath: null,
      logoMimeType: null,
      updatedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'settings.reset',
      entityType: 'settings',
      entityId: settingsEntityId,
      before: { ...storedSettings(current), logo: current.logoPath },
      after: { ...defaultCompanySettings, logo: null },
    });
    return { row: updated, previousLogo: current.logoPath };
  });
  if (previousLogo) await removeUpload(uploads.directory, previousLogo);
  return { success: true, message: settingsSuccessMessages.reset, settings: presentSettings(row) };
}
