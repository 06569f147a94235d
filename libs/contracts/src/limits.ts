/** Spec constants that both the API and the console rely on. */

/** Paging (spec 1 section 9, spec 2 section 9, spec 3 section 9). */
export const pageSizes = {
  clients: 10,
  /** A client's licences on the licences page and the client detail. */
  licences: 25,
  billing: 20,
  crashReports: 20,
  users: 20,
  max: 100,
} as const;

/** Licences per "Add Licences" request (spec 1 section 5). */
export const licenceCountRange = { min: 1, max: 100 } as const;

/** Validity and extension periods in days (spec 1 section 5). */
export const validityDaysRange = { min: 1, max: 1825 } as const;

/** Quick presets offered for validity and extension (spec 1 section 5). */
export const validityPresetDays = [7, 14, 30, 90, 180, 365] as const;

export const defaultExtensionDays = 30;

/** Choosing a licence type sets this default validity (spec 1 section 5). */
export const defaultValidityDaysByType = { Trial: 14, Standard: 30, Premium: 365 } as const;

/** Extension is offered unless the licence expired more than this many days ago. */
export const extensionGraceDays = 30;

export const projectNameMaxLength = 25;

/** A device counts as "Active Now" when it reported within this window (spec 1 section 4). */
export const deviceActiveWindowMs = 5 * 60 * 1000;

/** Boundary between "Recently Inactive" and "Long-term Inactive" (spec 1 section 2.6). */
export const deviceInactiveBoundaryMs = 24 * 60 * 60 * 1000;

/** Window of "New This Month" on the client directory (spec 1 section 9). */
export const newClientWindowDays = 30;

export const dashboardLimits = { recentActivityShown: 8, recentActivityKept: 10, recentClients: 5 };

/** Password minimum for setup and reset (spec 1) and for users created by an admin (spec 2). */
export const passwordMinLength = { account: 8, newUser: 6 } as const;

/** Two-factor codes: 6 digits from an authenticator, 8 digits for a backup code. */
export const twoFactorCodeLengths = { authenticator: 6, backup: 8 } as const;

/** Largest APK accepted by the OTA upload: 200 MB (spec 2 section 9). */
export const apkMaxBytes = 209_715_200;

/**
 * Largest crash report body the app may send: 256 kB, room for a 100,000-character stack trace
 * and its diagnostics, small enough that a burst of reports cannot exhaust memory.
 */
export const crashReportMaxBytes = 256 * 1024;

/** Crash reports one device may send a minute (a crash loop must not flood the viewer). */
export const crashReportsPerDeviceMinute = 30;

/** Largest company logo accepted: 5 MB (spec 2 section 9). */
export const logoMaxBytes = 5 * 1024 * 1024;

/** Document numbering limits (spec 2 section 5). */
export const numberingLimits = {
  prefixMaxLength: 10,
  seriesMaxLength: 5,
  padLength: { min: 3, max: 10, default: 6 },
  startNumberMin: 1,
} as const;

/** SST percentage input range (spec 2 section 5). */
export const sstPercentageRange = { min: 0, max: 100, step: 0.1, default: 8 } as const;
/** The standard SST sales tax rate in percent. */
export const salesTaxPercentageDefault = 10;

/** Default tax rate of quotations and invoices, as a fraction (spec 3 section 1). */
export const defaultTaxRate = 0.08;

/** Quotation validity options in days; 30 is the default (spec 3 section 9). */
export const quotationValidityDays = [7, 14, 21, 30, 45, 60, 90] as const;
export const defaultQuotationValidityDays = 30;

/** Days before the due date that count as "due soon" (spec 3 section 9). */
export const dueSoonDays = 7;

export const defaultCurrency = 'MYR';

/** Report targets and the thresholds that grade progress against them (spec 3 section 9). */
export const reportTargets = {
  monthlyRevenue: 100_000,
  collectionRatePercent: 95,
  quotationConversionPercent: 30,
  daysToCollect: 30,
  onTargetRatio: 0.9,
  needsAttentionRatio: 0.7,
} as const;

/** Aging bucket boundaries in days past due: 0-30, 30-60, 60-90, 90+ (spec 3 section 9). */
export const agingBucketDays = [30, 60, 90] as const;

/** A client's outstanding amount above this is shown as destructive (spec 3 section 9). */
export const agingClientAlertAmount = 10_000;

/** Billing insight (spec 3 section 9): recent documents per kind, report rows shown. */
export const billingInsightLimits = {
  recentActivity: 5,
  /** Clients in a report's top-clients list. */
  topClients: 10,
  /** Clients in the aging report's detail on screen; the export carries every client. */
  agingClientsShown: 100,
  /** A client's outstanding above this shows as destructive. */
  agingClientAlert: 10000,
  /** Dashboard auto-refresh choices, in minutes (2 to 5). */
  autoRefreshMinutes: [2, 3, 4, 5],
} as const;
