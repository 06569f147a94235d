import type { OtaVersion } from '@patrol/contracts';
import { ChevronDownIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { rolloutSteps, useChangeRollout } from '@/features/ota/api/change-rollout';
import { toOtaError } from '@/features/ota/api/ota-request';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { ReleaseChangeConfirm } from './release-change-confirm';

type RolloutControlProps = {
  version: OtaVersion;
  canManage: boolean;
  /** The release before this one: widening is weighed against its crash-free rate. */
  previous?: OtaVersion;
};

/**
 * A release's staged rollout: the share of devices offered it, raised or lowered in steps, paused
 * or resumed; a paused rollout shows why (a person, or release health).
 */
export function RolloutControl({ version, canManage, previous }: RolloutControlProps) {
  const changeRollout = useChangeRollout();
  // Widening offers the release to more devices: it asks first. Narrowing and pausing do not.
  const [widenTo, setWidenTo] = useState<number | null>(null);
  const paused = version.rolloutPausedAt !== null;

  const change = (body: { rolloutPercent?: number; paused?: boolean }) =>
    changeRollout.mutate(
      { id: version.id, body },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) =>
          toast.error(otaScreenMessages.rolloutFailed, { description: toOtaError(error).message }),
        onSettled: () => setWidenTo(null),
      },
    );
  const choose = (step: number) =>
    step > version.rolloutPercent ? setWidenTo(step) : change({ rolloutPercent: step });

  const summary = (
    <span className="tabular-nums">
      {version.rolloutPercent}%
      {paused && (
        <Badge variant="warning" className="ml-1.5">
          <PauseIcon aria-hidden="true" />
          Paused
        </Badge>
      )}
    </span>
  );

  return (
    <div className="flex flex-col items-end gap-0.5">
      {canManage ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              disabled={changeRollout.isPending}
              aria-label={`Rollout of version ${version.version}: ${version.rolloutPercent}%${paused ? ', paused' : ''}`}
            >
              {summary}
              <ChevronDownIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Offer to devices</DropdownMenuLabel>
            {rolloutSteps.map((step) => (
              <DropdownMenuItem
                key={step}
                disabled={step === version.rolloutPercent}
                onSelect={() => choose(step)}
              >
                {step}%
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
            {paused ? (
              <DropdownMenuItem onSelect={() => change({ paused: false })}>
                <PlayIcon aria-hidden="true" />
                Resume rollout
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => change({ paused: true })}>
                <PauseIcon aria-hidden="true" />
                Pause rollout
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <span className="px-3 text-sm">{summary}</span>
      )}
      {widenTo !== null && (
        <ReleaseChangeConfirm
          open
          onOpenChange={(open) => !open && setWidenTo(null)}
          version={version}
          previous={previous}
          title={`Widen the rollout of ${version.version} to ${widenTo}%?`}
          description={`${widenTo}% of devices on the ${version.channel} channel are offered ${version.version} instead of ${version.rolloutPercent}%.`}
          confirmLabel={`Widen to ${widenTo}%`}
          pending={changeRollout.isPending}
          onConfirm={() => change({ rolloutPercent: widenTo })}
        />
      )}
      {paused && version.rolloutPauseReason && (
        <span className="max-w-48 text-right text-xs text-amber-700">
          {version.rolloutPauseReason}
        </span>
      )}
    </div>
  );
}
