import type { Licence } from '@patrol/contracts';
import {
  canExtendLicence,
  canPerform,
  deviceActivityText,
  deviceTransferBudget,
  licenceDisplayStatus,
  licenceRemainingTime,
  type RemainingTimeColour,
} from '@patrol/domain';
import { formatBusinessDate, formatBusinessDateTime } from '@/lib/company-time';
import { CopyIcon, MoreHorizontalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { PaidByLink } from '@/components/paid-by-link';
import { licenceStatusTones, StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

/** What the licence menu asks the page to open. */
export type LicenceDialogKind = 'bind' | 'unbind' | 'extend' | 'delete';

const remainingColours: Record<RemainingTimeColour, string> = {
  red: 'text-red-600',
  rose: 'text-rose-700',
  orange: 'text-orange-700',
  green: 'text-green-700',
};

function activityColour(text: string): string {
  if (text === 'Active Now') return 'text-green-700';
  if (text === 'Unbound' || text === 'Never Active') return 'text-muted-foreground';
  return 'text-amber-700';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}

type LicenceItemProps = {
  licence: Licence;
  now: Date;
  onAction: (kind: LicenceDialogKind, licence: Licence) => void;
};

/** One licence on the licences screen: key, type, features, validity, activity and status. */
export function LicenceItem({ licence, now, onAction }: LicenceItemProps) {
  const { user } = useAuth();
  const canBind = canPerform(user, 'bindLicence') && canPerform(user, 'unbindLicence');
  const canExtend = canPerform(user, 'extendLicence') && canExtendLicence(licence.validUntil, now);
  const canDelete = canPerform(user, 'deleteLicence');
  const canAct = canBind || canExtend || canDelete;
  const status = licenceDisplayStatus(licence, now);
  const remaining = licenceRemainingTime(licence.validUntil, now);
  const activity = deviceActivityText(licence, now);

  const copyKey = () => {
    navigator.clipboard.writeText(licence.key).then(
      () => toast.success('Licence key copied'),
      () => toast.error('Could not copy the licence key'),
    );
  };

  return (
    <li className="grid gap-3 py-3" data-licence-key={licence.key}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium break-all">{licence.key}</span>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={copyKey}
          aria-label={`Copy licence key ${licence.key}`}
        >
          <CopyIcon aria-hidden="true" className="size-3.5" />
        </Button>
        <Badge variant="outline">{licence.licenseType}</Badge>
        <StatusBadge status={status} tones={licenceStatusTones} />
        <div className="ml-auto">
          {canAct && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Actions for licence ${licence.key}`}
                >
                  <MoreHorizontalIcon aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {canBind &&
                  (licence.bound ? (
                    <DropdownMenuItem onSelect={() => onAction('unbind', licence)}>
                      Unbind
                    </DropdownMenuItem>
                  ) : (
                    status !== 'Expired' && (
                      <DropdownMenuItem onSelect={() => onAction('bind', licence)}>
                        Bind
                      </DropdownMenuItem>
                    )
                  ))}
                {canExtend && (
                  <DropdownMenuItem onSelect={() => onAction('extend', licence)}>
                    Extend
                  </DropdownMenuItem>
                )}
                {canDelete && (
                  <>
                    {(canBind || canExtend) && <DropdownMenuSeparator />}
                    <DropdownMenuItem
                      variant="destructive"
                      onSelect={() => onAction('delete', licence)}
                    >
                      Delete
                    </DropdownMenuItem>
                  </>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-4">
        <Field label="Valid until">
          <span className="tabular-nums">
            {licence.validUntil ? formatBusinessDate(licence.validUntil) : 'No expiry'}
          </span>
        </Field>
        <Field label="Remaining">
          <span className={cn('font-medium', remaining && remainingColours[remaining.colour])}>
            {remaining?.text ?? 'No expiry'}
          </span>
        </Field>
        <Field label="Device activity">
          <span
            className={cn('font-medium', activityColour(activity))}
            data-testid="device-activity"
          >
            {activity}
          </span>
        </Field>
        <Field label="Device">
          {licence.bound && licence.deviceId ? (
            <span title={`${licence.deviceId} · ${licence.projectName ?? ''}`}>
              {licence.projectName}{' '}
              <span className="text-muted-foreground">({licence.deviceId})</span>
            </span>
          ) : (
            <span className="text-muted-foreground">Not bound</span>
          )}
        </Field>
        <Field label="App activations">
          <span
            className="tabular-nums"
            title={
              licence.lastActivatedAt
                ? `Last activated ${formatBusinessDateTime(licence.lastActivatedAt)}`
                : undefined
            }
          >
            {licence.activationCount}
          </span>
        </Field>
        <Field label="Device moves left">
          <span
            className={cn(
              'tabular-nums',
              licence.transfersLeft === 0 && 'font-medium text-destructive',
            )}
            title="Moves to a new device the app may still make by itself in 30 days"
          >
            {licence.transfersLeft} of {deviceTransferBudget.transfers}
          </span>
        </Field>
        {licence.paidBy && (
          <Field label="Paid by">
            <PaidByLink paidBy={licence.paidBy} />
          </Field>
        )}
        {licence.features.length > 0 && (
          <div className="col-span-2 flex flex-wrap items-center gap-1 md:col-span-4">
            <span className="text-xs text-muted-foreground">Features:</span>
            {licence.features.map((feature) => (
              <Badge key={feature} variant="secondary" className="font-normal">
                {feature.replaceAll('_', ' ')}
              </Badge>
            ))}
          </div>
        )}
        {licence.notes && (
          <p className="col-span-2 text-sm text-muted-foreground md:col-span-4">
            <span className="text-xs">Notes: </span>
            {licence.notes}
          </p>
        )}
      </dl>
    </li>
  );
}
