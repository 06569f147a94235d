import type {
  CrashKind,
  CrashSeverity,
  CrashStatus,
  LicenceStatusFilter,
  ListCrashGroupsQuery,
  ListCrashReportsQuery,
  ListUsersQuery,
  Role,
  UserStatus,
} from '@patrol/contracts';

type UsersSortField = ListUsersQuery['sortBy'];

/**
 * Query keys shared between features and the realtime provider, so a socket event invalidates
 * exactly what the screens cached. Each area's keys start with its `all` prefix: invalidating
 * the prefix refreshes every query of that area.
 */

/** The URL-driven parameters of the client directory table. */
export type ClientListParams = {
  page: number;
  search: string;
  /** The Filter button's status filter; all clients when absent. */
  status?: 'active' | 'inactive';
  sortBy: 'companyName' | 'createdAt';
  sortOrder: 'asc' | 'desc';
};

/** The parameters of the licences page's list of clients. */
export type LicenceListParams = { page: number; search: string };

/** The parameters of one client's licence list (a licences page card, the client detail). */
export type ClientLicenceListParams = {
  page: number;
  status?: LicenceStatusFilter;
};

/** What the user table asks for; kept in the URL. */
export type UsersListParams = {
  search: string;
  page: number;
  role?: Role;
  status?: UserStatus;
  sortBy?: UsersSortField;
  sortOrder?: 'asc' | 'desc';
};

/** What the crash report table asks for (GET /api/crash-reports); kept in the URL. */
export type CrashReportListParams = {
  page: number;
  search: string;
  status?: CrashStatus;
  severity?: CrashSeverity;
  platform?: string;
  companyId?: string;
  appVersion?: string;
  /** The tab: Crash Reports or Debug Reports; All Reports when absent. */
  reportType?: 'crashes' | 'debug';
  /** crash, anr or native. */
  kind?: CrashKind;
  dateFrom?: string;
  dateTo?: string;
  /** The reports of one group. */
  fingerprint?: string;
  sortBy: ListCrashReportsQuery['sortBy'];
  sortOrder: 'asc' | 'desc';
};

/** What the crash group view asks for (GET /api/crash-reports/groups); kept in the URL. */
export type CrashGroupListParams = {
  page: number;
  search: string;
  severity?: CrashSeverity;
  reportType?: 'crashes' | 'debug';
  kind?: CrashKind;
  appVersion?: string;
  sortBy: ListCrashGroupsQuery['sortBy'];
  sortOrder: 'asc' | 'desc';
};

/**
 * Every query key of the console, so mutations, the realtime provider and the app shell
 * invalidate exactly what the screens cached (a feature never declares its own).
 */
export const queryKeys = {
  /** GET /api/auth/has-superadmin; completing setup invalidates it. */
  setupCheck: ['setup-check'] as const,
  /** GET /api/settings. */
  settings: ['settings'] as const,
  users: {
    all: ['users'] as const,
    list: (params: UsersListParams) => ['users', 'list', params] as const,
    /** Every staff account by name, for pickers (the audit trail's user filter). */
    directory: () => ['users', 'directory'] as const,
    permissions: (userId: string) => ['users', 'permissions', userId] as const,
  },
  clients: {
    all: ['clients'] as const,
    lists: () => ['clients', 'list'] as const,
    list: (params: ClientListParams) => ['clients', 'list', params] as const,
    details: () => ['clients', 'detail'] as const,
    detail: (companyId: string) => ['clients', 'detail', companyId] as const,
  },
  licences: {
    all: ['licences'] as const,
    list: (params: LicenceListParams) => ['licences', 'list', params] as const,
    /** Every cached licence list of any client (what a heartbeat patches). */
    ofClients: () => ['licences', 'client'] as const,
    ofClient: (companyId: string, params: ClientLicenceListParams) =>
      ['licences', 'client', companyId, params] as const,
  },
  billing: {
    all: ['billing'] as const,
    products: (params?: Record<string, unknown>) =>
      params ? (['billing', 'products', params] as const) : (['billing', 'products'] as const),
    quotations: (params?: Record<string, unknown>) =>
      params ? (['billing', 'quotations', params] as const) : (['billing', 'quotations'] as const),
    invoices: (params?: Record<string, unknown>) =>
      params ? (['billing', 'invoices', params] as const) : (['billing', 'invoices'] as const),
    /** GET /api/business/quotations/{id}: one quotation whole. */
    quotation: (id: string) => ['billing', 'quotation', id] as const,
    /** GET /api/business/invoices/{id}: one invoice whole. */
    invoice: (id: string) => ['billing', 'invoice', id] as const,
    /** GET /api/business/receipts/{id}: one receipt whole. */
    receipt: (id: string) => ['billing', 'receipt', id] as const,
    receipts: (params?: Record<string, unknown>) =>
      params ? (['billing', 'receipts', params] as const) : (['billing', 'receipts'] as const),
    /** GET /api/business/credit-notes or debit-notes. */
    invoiceNotes: (kind: string, params: Record<string, unknown>) =>
      ['billing', 'invoice-notes', kind, params] as const,
    clients: (search: string) => ['billing', 'clients', search] as const,
    /** GET /api/business/reports for a period. */
    reports: (period: Record<string, unknown>) => ['billing', 'reports', period] as const,
    /** GET /api/business/renewals. */
    renewals: (params: Record<string, unknown>) => ['billing', 'renewals', params] as const,
    /** GET /api/business/invoices/{id}/reminders. */
    reminders: (invoiceId: string) => ['billing', 'reminders', invoiceId] as const,
  },
  account: {
    /** GET /api/auth/backup-codes */
    backupCodes: () => ['account', 'backup-codes'] as const,
  },
  audit: {
    all: ['audit'] as const,
    /** GET /api/audit for a page and its filters. */
    list: (params: Record<string, unknown>) => ['audit', 'list', params] as const,
  },
  crashReports: {
    all: ['crash-reports'] as const,
    /** Every cached page of the report list (a status change patches them all). */
    lists: () => ['crash-reports', 'list'] as const,
    list: (params: CrashReportListParams) => ['crash-reports', 'list', params] as const,
    detail: (id: string) => ['crash-reports', 'detail', id] as const,
    /** GET /api/crash-reports/statistics (the group view's cards). */
    statistics: () => ['crash-reports', 'statistics'] as const,
    /** GET /api/crash-reports/filter-options */
    filterOptions: () => ['crash-reports', 'filter-options'] as const,
    groupLists: () => ['crash-reports', 'groups'] as const,
    groups: (params: CrashGroupListParams) => ['crash-reports', 'groups', params] as const,
    group: (fingerprint: string) => ['crash-reports', 'group', fingerprint] as const,
    /** The merge picker's search of groups (GET /api/crash-reports/groups?search=). */
    groupSearch: (term: string) => ['crash-reports', 'group-search', term] as const,
    /** GET /api/crash-reports/groups/{fingerprint}/variants */
    variants: (fingerprint: string) => ['crash-reports', 'variants', fingerprint] as const,
  },
  ota: {
    all: ['ota'] as const,
    /** GET /api/ota/versions?includeInactive=true */
    versions: () => ['ota', 'versions'] as const,
    /** GET /api/ota/diagnostic/health */
    health: () => ['ota', 'health'] as const,
  },
  dashboard: {
    all: ['dashboard'] as const,
    /** GET /api/clients/dashboard */
    data: () => ['dashboard', 'data'] as const,
    /** GET /api/business/dashboard-stats */
    businessStats: () => ['dashboard', 'business-stats'] as const,
  },
  system: {
    all: ['system'] as const,
    /** GET /api/system/health */
    health: () => ['system', 'health'] as const,
    /** GET /api/system/metrics, replaced by each live systemMetrics sample. */
    metrics: () => ['system', 'metrics'] as const,
    /** GET /api/system/cluster */
    cluster: () => ['system', 'cluster'] as const,
    /** The last minutes of metrics samples kept in the browser (never fetched). */
    history: () => ['system', 'history'] as const,
    /** Alerts heard live and load failures, kept in the browser (never fetched). */
    events: () => ['system', 'events'] as const,
  },
} as const;
