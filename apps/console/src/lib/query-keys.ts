/**
 * Query keys shared between features and the realtime provider, so a socket event invalidates
 * exactly what the screens cached. Each area's keys start with its `all` prefix: invalidating
 * the prefix refreshes every query of that area.
 */

/** The URL-driven parameters of the client directory table. */
export type ClientListParams = {
  page: number;
  search: string;
  sortBy: 'companyName' | 'createdAt';
  sortOrder: 'asc' | 'desc';
};

/** The parameters of the licences page's list of clients. */
export type LicenceListParams = { page: number; search: string };

export const queryKeys = {
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
  },
  dashboard: {
    all: ['dashboard'] as const,
    /** GET /api/clients/dashboard */
    data: () => ['dashboard', 'data'] as const,
    /** GET /api/business/dashboard-stats */
    businessStats: () => ['dashboard', 'business-stats'] as const,
  },
} as const;
