import { auditEntityTypes } from '@patrol/contracts';
import { hasPermission, visibleAuditEntityTypes } from '@patrol/domain';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  exportAuditTrail,
  useAuditEntries,
  type AuditFilters as Filters,
} from '@/features/audit/api/audit-entries';
import { useStaffDirectory } from '@/features/audit/api/staff-directory';
import { AuditFilters } from '@/features/audit/components/audit-filters';
import { AuditResults } from '@/features/audit/components/audit-results';
import { useAuth } from '@/lib/auth';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit trail (/audit): who signed in, and who changed which account, client, licence,
 * setting or billing record, and how. The filters live in the URL.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  // The types the reader's permissions cover, as the API filters them (libs/domain audit-access).
  const entityTypes = visibleAuditEntityTypes(user, auditEntityTypes);
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isoDay.test(value) ? value : undefined;
  };
  const filters: Filters = {
    entityType: entityTypes.find((type) => type === params.get('entityType')),
    actorId: params.get('actorId') || undefined,
    dateFrom: day('dateFrom'),
    dateTo: day('dateTo'),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const entries = useAuditEntries({ ...filters, page });
  const staff = useStaffDirectory(hasPermission(user, 'users.view'));
  const [exporting, setExporting] = useState(false);

  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportAuditTrail(filters);
      toast.success('Audit trail exported');
    } catch (error) {
      toast.error(
        `Failed to export the audit trail: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Audit Trail"
        subtitle="Who signed in, and who changed which account, client, licence, setting or billing record"
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <DownloadIcon aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        <AuditFilters
          entityTypes={entityTypes}
          filters={filters}
          staff={staff.data ?? []}
          totalCount={entries.data?.pagination.totalCount}
          refreshing={entries.isFetching}
          onRefresh={() => void entries.refetch()}
          onChange={update}
        />
        <AuditResults
          data={entries.data}
          error={entries.isError ? entries.error : null}
          onRetry={() => void entries.refetch()}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : '' })}
        />
      </Card>
    </>
  );
}
