import type { RenewalGroup } from '@patrol/contracts';
import { formatBusinessDate, formatMoney, hasPermission } from '@patrol/domain';
import { CalendarClockIcon, KeyRoundIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useRenewals, useSetAutoRenewal } from '@/features/billing/api/renewals';
import { useTabFilters } from '@/features/billing/lib/billing-params';
import { useAuth } from '@/lib/auth';
import { toast } from 'sonner';
import {
  BillingListCard,
  billingTableClass,
  RefreshButton,
  showingCaption,
} from './billing-list-card';
import { FilterSelect } from './filter-select';

const windows = ['7', '30', '60', '90'] as const;
const filterNames = ['days'] as const;

/** The Renewals tab: keys about to expire, by client and expiry, with what renews them. */
export function RenewalsTab() {
  const { filters, page, update } = useTabFilters(filterNames, { days: windows });
  const days = Number(filters.days ?? '30');
  const renewals = useRenewals({ days, page });
  const list = renewals.data;

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Keys expiring" value={list?.totals.keys ?? '—'} icon={KeyRoundIcon} />
        <StatCard title="Clients" value={list?.totals.clients ?? '—'} icon={UsersIcon} />
        <StatCard title="Window" value={`${days} days`} icon={CalendarClockIcon} variant="info" />
      </div>
      <BillingListCard
        title="Renewals"
        caption={showingCaption(list, list?.renewals.length, 'groups')}
        actions={
          <RefreshButton onClick={() => void renewals.refetch()} busy={renewals.isFetching} />
        }
        filters={
          <FilterSelect
            label="Expiring within"
            allLabel="30 days"
            value={filters.days === '30' ? undefined : filters.days}
            options={windows
              .filter((value) => value !== '30')
              .map((value) => ({ value, label: `${value} days` }))}
            onChange={(value) => update({ days: value })}
          />
        }
        state={{ loading: !list, error: renewals.error, onRetry: () => void renewals.refetch() }}
        loadingText="Loading renewals..."
        emptyText={`No licence keys expire in the next ${days} days`}
        isEmpty={list?.renewals.length === 0}
        pagination={list?.pagination}
        onPageChange={(next) => update({ page: next })}
      >
        <RenewalsTable groups={list?.renewals ?? []} />
      </BillingListCard>
    </div>
  );
}

function RenewalsTable({ groups }: { groups: readonly RenewalGroup[] }) {
  const { user } = useAuth();
  const mayEdit = hasPermission(user, 'clients.edit');
  const setAutoRenewal = useSetAutoRenewal();
  const toggle = (group: RenewalGroup, autoRenewal: boolean) =>
    setAutoRenewal.mutate(
      { companyId: group.companyId, autoRenewal },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Table className={billingTableClass}>
      <TableHeader>
        <TableRow>
          <TableHead>Client</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Type</TableHead>
          <TableHead numeric>Keys</TableHead>
          <TableHead>Renewed by</TableHead>
          <TableHead numeric>Amount</TableHead>
          <TableHead>Auto-renewal</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {groups.map((group) => (
          <TableRow key={`${group.clientId}|${group.expiryDate}|${group.licenceType}`}>
            <TableCell>
              <div className="font-medium">{group.companyName}</div>
              <div className="font-mono text-xs text-muted-foreground">{group.companyId}</div>
            </TableCell>
            <TableCell>{formatBusinessDate(group.expiryDate)}</TableCell>
            <TableCell>{group.licenceType}</TableCell>
            <TableCell numeric>
              <div>{group.keyCount}</div>
              <ul className="font-mono text-xs text-muted-foreground" aria-label="Keys">
                {group.keys.map((key) => (
                  <li key={key}>{key}</li>
                ))}
              </ul>
            </TableCell>
            <TableCell>
              {group.product ? (
                <>
                  <div>{group.product.name}</div>
                  <div className="text-xs text-muted-foreground">
                    {formatMoney(group.product.unitPrice)} per key
                  </div>
                </>
              ) : (
                <span className="text-muted-foreground">No active {group.licenceType} product</span>
              )}
            </TableCell>
            <TableCell numeric>
              {group.renewalAmount === null ? '—' : formatMoney(group.renewalAmount)}
            </TableCell>
            <TableCell>
              <Switch
                checked={group.autoRenewal}
                disabled={!mayEdit || setAutoRenewal.isPending}
                onCheckedChange={(checked) => toggle(group, checked)}
                aria-label={`Auto-renewal for ${group.companyName}`}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
