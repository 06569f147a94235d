import type { AuditEntityType } from '@patrol/contracts';
import { RefreshCwIcon } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { AuditFilters as Filters } from '@/features/audit/api/audit-entries';
import { auditEntityNames } from '@/features/audit/components/audit-entity-names';

const entriesText = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

interface AuditFiltersProps {
  /** The entity types the reader may see (libs/domain audit-access). */
  entityTypes: readonly AuditEntityType[];
  filters: Filters;
  /** Staff to filter by; empty for a reader without users.view. */
  staff: readonly { id: string; username: string; fullName: string }[];
  /** Entries matching the filters; undefined while the first page loads. */
  totalCount: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  /** Sets (or, with '', clears) URL parameters. */
  onChange: (changes: Record<string, string>) => void;
}

/** The trail's filters: entity, user and days, kept in the URL; the count and Refresh. */
export function AuditFilters(props: AuditFiltersProps) {
  const { filters, onChange } = props;
  return (
    <div className="flex flex-col gap-3 border-b p-4 md:flex-row md:flex-wrap md:items-end">
      <div className="md:w-56">
        <FormField id="audit-entity" label="Entity">
          <NativeSelect
            id="audit-entity"
            value={filters.entityType ?? ''}
            onChange={(event) => onChange({ entityType: event.target.value })}
          >
            <option value="">All entities</option>
            {props.entityTypes.map((type) => (
              <option key={type} value={type}>
                {auditEntityNames[type]}
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
            onChange={(event) => onChange({ actorId: event.target.value })}
          >
            <option value="">All users</option>
            {props.staff.map((user) => (
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
            onChange={(event) => onChange({ dateFrom: event.target.value })}
          />
        </FormField>
      </div>
      <div className="md:w-40">
        <FormField id="audit-to" label="To">
          <Input
            id="audit-to"
            type="date"
            value={filters.dateTo ?? ''}
            onChange={(event) => onChange({ dateTo: event.target.value })}
          />
        </FormField>
      </div>
      <div className="flex items-center gap-3 md:ml-auto">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {props.totalCount === undefined ? '' : entriesText(props.totalCount)}
        </span>
        <Button variant="outline" onClick={props.onRefresh} disabled={props.refreshing}>
          <RefreshCwIcon
            aria-hidden="true"
            className={props.refreshing ? 'animate-spin' : undefined}
          />
          Refresh
        </Button>
      </div>
    </div>
  );
}
