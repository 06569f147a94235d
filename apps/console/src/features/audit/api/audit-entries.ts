import type { AuditEntityType, ListAuditResponse } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

/** The trail's filters as the URL keeps them. */
export type AuditFilters = {
  entityType?: AuditEntityType;
  actorId?: string;
  dateFrom?: string;
  dateTo?: string;
};

export const auditPageSize = 50;

/** GET /api/audit: a page of the trail, newest first. */
export function useAuditEntries(filters: AuditFilters & { page: number }) {
  return useQuery({
    queryKey: queryKeys.audit.list(filters),
    queryFn: async ({ signal }) =>
      (
        await api.get<ListAuditResponse>('/api/audit', {
          signal,
          query: { ...filters, limit: auditPageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/audit/export: the matching trail saved as 'audit-trail-{date}.csv'. */
export async function exportAuditTrail(filters: AuditFilters): Promise<void> {
  const csv = await api.get<Blob>('/api/audit/export', { query: filters, responseType: 'blob' });
  saveBlob(csv, `audit-trail-${businessDay(new Date())}.csv`);
}
