import {
  defaultCompanySettings,
  taxTypeSchema,
  type CompanyLogo,
  type CompanySettings,
  type CompanySettingsWithLogo,
} from '@patrol/contracts';
import type { CompanySettingsRow } from '../../db/schema';

/** Where the console loads the logo from; `v` changes with the content, so caches never go stale. */
export const logoFilePath = '/api/settings/logo/file';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Stored values over the defaults, field by field: a row saved by an older release lacks new fields. */
function withDefaults(defaults: unknown, stored: unknown): unknown {
  if (isPlainObject(defaults)) {
    const source = isPlainObject(stored) ? stored : {};
    return Object.fromEntries(
      Object.entries(defaults).map(([key, value]) => [key, withDefaults(value, source[key])]),
    );
  }
  return typeof stored === typeof defaults ? stored : defaults;
}

/**
 * A row saved before reminder steps said what they send holds `reminderLadderDays` (numbers):
 * each of its days becomes a step sending the e-mail with the PDF, as the ladder did then.
 */
function withReminderSteps(stored: unknown): unknown {
  if (!isPlainObject(stored) || !isPlainObject(stored.licenceRenewals)) return stored;
  const { reminderLadderDays, ...renewals } = stored.licenceRenewals;
  if (!Array.isArray(reminderLadderDays) || 'reminderLadder' in renewals) return stored;
  const reminderLadder = reminderLadderDays
    .filter((days): days is number => typeof days === 'number')
    .map((days) => ({ days, sends: 'email_with_pdf' }));
  return { ...stored, licenceRenewals: { ...renewals, reminderLadder } };
}

/** The stored settings object, completed with the server defaults. */
export function storedSettings(row: CompanySettingsRow | undefined): CompanySettings {
  const settings = withDefaults(
    defaultCompanySettings,
    withReminderSteps(row?.settings),
  ) as CompanySettings;
  // A row saved before the three tax types holds 'SST' (read as service tax).
  const taxType = taxTypeSchema.safeParse(settings.taxSettings.defaultTaxType);
  settings.taxSettings.defaultTaxType = taxType.success
    ? taxType.data
    : defaultCompanySettings.taxSettings.defaultTaxType;
  return settings;
}

/** The content version of a stored logo file name (`logo-<hash>.<ext>`). */
export function logoVersion(fileName: string): string {
  return /^logo-([0-9a-f]+)\./.exec(fileName)?.[1] ?? fileName;
}

/** The logo as the console shows it, or null when none is uploaded. */
export function presentLogo(row: CompanySettingsRow | undefined): CompanyLogo | null {
  if (!row?.logoPath) return null;
  return { url: `${logoFilePath}?v=${logoVersion(row.logoPath)}` };
}

/** The settings row as GET /api/settings answers it. */
export function presentSettings(row: CompanySettingsRow | undefined): CompanySettingsWithLogo {
  return { ...storedSettings(row), logo: presentLogo(row) };
}
