import { auditEntityTypes, type AuditEntityType } from '@patrol/contracts';
import { hasPermission, humanise, visibleAuditEntityTypes } from '@patrol/domain';
import { DownloadIcon, RefreshCwIcon, ScrollTextIcon } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/layout/page-header';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  exportAuditTrail,
  useAuditEntries,
  type AuditFilters,
} from '@/features/audit/api/audit-entries';
import { useStaffDirectory } from '@/features/audit/api/staff-directory';
import { AuditTable } from '@/features/audit/components/audit-table';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const entriesText = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/** The audit trail (/audit): who changed which user, setting or billing record, and how. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  // The types the reader's permissions cover, as the API filters them (libs/domain audit-access).
  const entityTypes = visibleAuditEntityTypes(user, auditEntityTypes);
  const entityType = entityTypes.find((type) => type === params.get('entityType'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isoDay.test(value) ? value : undefined;
  };
  const filters: AuditFilters = {
    entityType,
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

  const data = entries.data;
  return (
    <>
      <PageHeader
        title="Audit Trail"
        subtitle="Who changed which user, setting or billing record, and how"
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <DownloadIcon aria-hidden="true" />
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 md:flex-row md:flex-wrap md:items-end">
          <div className="md:w-44">
            <FormField id="audit-entity" label="Entity">
              <NativeSelect
                id="audit-entity"
                value={entityType ?? ''}
                onChange={(event) => update({ entityType: event.target.value as AuditEntityType })}
              >
                <option value="">All entities</option>
                {entityTypes.map((type) => (
                  <option key={type} value={type}>
                    {humanise(type)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="md:w-56">
            <FormField id="audit-actor" label="User">
              <NativeSelect
                id="audit-actor"
                value={filters.actorId ?? ''}
                onChange={(event) => update({ actorId: event.target.value })}
              >
                <option value="">All users</option>
                {(staff.data ?? []).map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.fullName || user.username}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="md:w-40">
            <FormField id="audit-from" label="From">
              <Input
                id="audit-from"
                type="date"
                value={filters.dateFrom ?? ''}
                onChange={(event) => update({ dateFrom: event.target.value })}
              />
            </FormField>
          </div>
          <div className="md:w-40">
            <FormField id="audit-to" label="To">
              <Input
                id="audit-to"
                type="date"
                value={filters.dateTo ?? ''}
                onChange={(event) => update({ dateTo: event.target.value })}
              />
            </FormField>
          </div>
          <div className="flex items-center gap-3 md:ml-auto">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {data ? entriesText(data.pagination.totalCount) : ''}
            </span>
            <Button
              variant="outline"
              onClick={() => void entries.refetch()}
              disabled={entries.isFetching}
            >
              <RefreshCwIcon
                aria-hidden="true"
                className={entries.isFetching ? 'animate-spin' : undefined}
              />
              Refresh
            </Button>
          </div>
        </div>
        <CardContent className="px-0">
          {entries.isError && !data ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
              <p className="font-medium">
                {entries.error instanceof ApiError
                  ? entries.error.message
                  : 'The audit trail could not be loaded.'}
              </p>
              <Button variant="outline" onClick={() => void entries.refetch()}>
                Try Again
              </Button>
            </div>
          ) : !data ? (
            <div className="space-y-3 p-4" role="status" aria-label="Loading the audit trail">
              {Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : data.entries.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-muted-foreground">
              <ScrollTextIcon aria-hidden="true" className="size-6" />
              No changes match these filters.
            </div>
          ) : (
            <AuditTable entries={data.entries} timeZone={data.timeZone} />
          )}
        </CardContent>
        {data && data.pagination.totalPages > 1 && (
          <div className="flex items-center justify-between gap-3 border-t p-3 text-sm text-muted-foreground">
            <span className="tabular-nums">
              Page {data.pagination.currentPage} of {data.pagination.totalPages}
            </span>
            <Pagination
              label="Audit trail pages"
              currentPage={data.pagination.currentPage}
              totalPages={data.pagination.totalPages}
              onPageChange={(next) => update({ page: next > 1 ? String(next) : '' })}
            />
          </div>
        )}
      </Card>
    </>
  );
}
