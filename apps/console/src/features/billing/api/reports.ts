import type { ReportDateRange, ReportsResponse, ReportType } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

export type ReportData = ReportsResponse['data'];

/** The period a report covers; custom needs both dates. */
export type ReportPeriodChoice = {
  dateRange: ReportDateRange;
  dateFrom?: string;
  dateTo?: string;
};

/** Spec 3 section 8: a report answer without its sections. */
export const invalidReportMessage = 'Invalid report response structure';

export class InvalidReportError extends Error {
  override name = 'InvalidReportError';
}

function periodQuery(period: ReportPeriodChoice) {
  return period.dateRange === 'custom' ? period : { dateRange: period.dateRange };
}

/** Every section of the reports tab for the period (the server answers all four at once). */
export function useReport(period: ReportPeriodChoice) {
  const ready = period.dateRange !== 'custom' || Boolean(period.dateFrom && period.dateTo);
  return useQuery({
    queryKey: queryKeys.billing.reports(periodQuery(period)),
    queryFn: async ({ signal }) => {
      const response = await api.get<ReportsResponse>('/api/business/reports', {
        signal,
        query: { type: 'overview', ...periodQuery(period) },
      });
      if (!response?.data?.dashboard || !response.data.aging) {
        throw new InvalidReportError(invalidReportMessage);
      }
      return response.data;
    },
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

/**
 * Spec 3 section 7: the workbook as '{type}-report-{date}.xlsx'; when that fails, the same
 * report as JSON, '{type}-report-{date}.json'. Answers the format that was saved.
 */
export async function exportReport(
  type: ReportType,
  period: ReportPeriodChoice,
): Promise<'xlsx' | 'json'> {
  const baseName = `${type}-report-${businessDay(new Date())}`;
  const fetchAs = (format: 'xlsx' | 'json') =>
    api.get<Blob>(`/api/business/reports/export/${type}`, {
      query: { ...periodQuery(period), format },
      responseType: 'blob',
    });
  try {
    saveBlob(await fetchAs('xlsx'), `${baseName}.xlsx`);
    return 'xlsx';
  } catch {
    saveBlob(await fetchAs('json'), `${baseName}.json`);
    return 'json';
  }
}
