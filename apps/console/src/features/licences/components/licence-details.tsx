import type { Licence } from '@patrol/contracts';
import {
  deviceActivityText,
  deviceTransferBudget,
  licenceRemainingTime,
  type RemainingTimeColour,
} from '@patrol/domain';
import type { ReactNode } from 'react';
import { PaidByLink } from '@/components/paid-by-link';
import { Badge } from '@/components/ui/badge';
import { formatBusinessDate, formatBusinessDateTime } from '@/lib/company-time';
import { cn } from '@/lib/cn';

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

/** A licence's validity, activity, device, activations, moves left, payer, features and notes. */
export function LicenceDetails({ licence, now }: { licence: Licence; now: Date }) {
  const remaining = licenceRemainingTime(licence.validUntil, now);
  const activity = deviceActivityText(licence, now);
  return (
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
        <span className={cn('font-medium', activityColour(activity))} data-testid="device-activity">
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
  );
}
