import {
  crashReportMessages,
  crashKinds,
  crashReportTabs,
  crashSeverities,
  crashStatuses,
  listCrashGroupsQuerySchema,
  listCrashReportsQuerySchema,
  type ListCrashGroupsQuery,
  type ListCrashReportsQuery,
} from '@patrol/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CrashGroupListParams, CrashReportListParams } from '@/lib/query-keys';

/** The list of reports, or the reports gathered into groups of the same crash. */
export type CrashView = 'reports' | 'groups';

/** The tabs: All Reports, Crash Reports, Debug Reports. */
export type CrashTab = 'all' | (typeof crashReportTabs)[number];

/**
 * Everything the screen keeps in the URL, so Back and reload restore the view. One set of filters
 * serves both views; the group view reads the ones its call accepts.
 */
export type CrashScreenState = {
  view: CrashView;
  tab: CrashTab;
  page: number;
  search: string;
  status?: CrashReportListParams['status'];
  severity?: CrashReportListParams['severity'];
  kind?: CrashReportListParams['kind'];
  platform?: string;
  companyId?: string;
  appVersion?: string;
  dateFrom?: string;
  dateTo?: string;
  fingerprint?: string;
  /** Only when not the view's default (newest first). */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
};

type ReportSortField = ListCrashReportsQuery['sortBy'];
type GroupSortField = ListCrashGroupsQuery['sortBy'];

export const reportSortFields = listCrashReportsQuerySchema.shape.sortBy.unwrap().options;
export const groupSortFields = listCrashGroupsQuerySchema.shape.sortBy.unwrap().options;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** A free-text filter from the URL: trimmed, at most 100 characters as the API accepts. */
function text(value: string | null, max = 100): string | undefined {
  const trimmed = value?.trim().slice(0, max);
  return trimmed || undefined;
}

function day(value: string | null): string | undefined {
  return value && isoDay.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

/** Reads the screen's state from the URL; anything unusable means the default. */
export function readCrashScreenState(search: URLSearchParams): CrashScreenState {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return {
    view: search.get('view') === 'groups' ? 'groups' : 'reports',
    tab: oneOf(search.get('reportType'), crashReportTabs) ?? 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: text(search.get('search'), 200) ?? '',
    status: oneOf(search.get('status'), crashStatuses),
    severity: oneOf(search.get('severity'), crashSeverities),
    kind: oneOf(search.get('kind'), crashKinds),
    platform: text(search.get('platform')),
    companyId: text(search.get('companyId')),
    appVersion: text(search.get('appVersion')),
    dateFrom: day(search.get('dateFrom')),
    dateTo: day(search.get('dateTo')),
    fingerprint: text(search.get('fingerprint'), 64),
    sortBy: text(search.get('sortBy')),
    sortOrder: oneOf(search.get('sortOrder'), ['asc', 'desc'] as const),
  };
}

/** The state as a URL query, leaving out defaults. */
export function writeCrashScreenState(state: CrashScreenState): URLSearchParams {
  const query = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value) query.set(key, value);
  };
  if (state.view === 'groups') query.set('view', 'groups');
  if (state.tab !== 'all') query.set('reportType', state.tab);
  if (state.page > 1) query.set('page', String(state.page));
  set('search', state.search);
  set('status', state.status);
  set('severity', state.severity);
  set('kind', state.kind);
  set('platform', state.platform);
  set('companyId', state.companyId);
  set('appVersion', state.appVersion);
  set('dateFrom', state.dateFrom);
  set('dateTo', state.dateTo);
  set('fingerprint', state.fingerprint);
  if (state.sortBy) {
    query.set('sortBy', state.sortBy);
    query.set('sortOrder', state.sortOrder ?? 'desc');
  }
  return query;
}

/** The dates' message when the start date falls after the end date; null when they are fine. */
export function dateOrderError(state: Pick<CrashScreenState, 'dateFrom' | 'dateTo'>) {
  return state.dateFrom && state.dateTo && state.dateFrom > state.dateTo
    ? crashReportMessages.dateOrder
    : null;
}

/**
 * The report list's call. Dates out of order would be refused with a 400: the end date is left out
 * until the user mends it (the filter shows why).
 */
export function toReportListParams(state: CrashScreenState): CrashReportListParams {
  const sortBy = oneOf(state.sortBy ?? null, reportSortFields) ?? 'createdAt';
  return {
    page: state.page,
    search: state.search,
    status: state.status,
    severity: state.severity,
    kind: state.kind,
    platform: state.platform,
    companyId: state.companyId,
    appVersion: state.appVersion,
    reportType: state.tab === 'all' ? undefined : state.tab,
    dateFrom: state.dateFrom,
    dateTo: dateOrderError(state) ? undefined : state.dateTo,
    fingerprint: state.fingerprint,
    sortBy: sortBy satisfies ReportSortField,
    sortOrder: state.sortBy && sortBy === state.sortBy ? (state.sortOrder ?? 'desc') : 'desc',
  };
}

/** The group view's call: search, severity, tab and app version apply; most recently seen first. */
export function toGroupListParams(state: CrashScreenState): CrashGroupListParams {
  const sortBy = oneOf(state.sortBy ?? null, groupSortFields) ?? 'lastSeen';
  return {
    page: state.page,
    search: state.search,
    severity: state.severity,
    kind: state.kind,
    reportType: state.tab === 'all' ? undefined : state.tab,
    appVersion: state.appVersion,
    sortBy: sortBy satisfies GroupSortField,
    sortOrder: state.sortBy && sortBy === state.sortBy ? (state.sortOrder ?? 'desc') : 'desc',
  };
}

/** How many filters beyond the tab and search narrow the list (for the Clear button). */
export function activeFilterCount(state: CrashScreenState): number {
  return [
    state.status,
    state.severity,
    state.kind,
    state.platform,
    state.companyId,
    state.appVersion,
    state.dateFrom,
    state.dateTo,
    state.fingerprint,
  ].filter(Boolean).length;
}

/**
 * The next state after `changes`: any change but a page change goes back to page 1; switching
 * views drops the sort, whose columns differ.
 */
export function nextCrashScreenState(
  current: CrashScreenState,
  changes: Partial<CrashScreenState>,
): CrashScreenState {
  const next = { ...current, ...changes };
  if (!('page' in changes)) next.page = 1;
  if (changes.view && changes.view !== current.view && !('sortBy' in changes)) {
    next.sortBy = undefined;
    next.sortOrder = undefined;
  }
  return next;
}

/** The screen's state, kept in the URL; typing a search replaces the history entry. */
export function useCrashScreenState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readCrashScreenState(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<CrashScreenState>) =>
      setSearchParams(
        (current) =>
          writeCrashScreenState(nextCrashScreenState(readCrashScreenState(current), changes)),
        { replace: changes.search !== undefined },
      ),
    [setSearchParams],
  );

  return { state, update };
}
