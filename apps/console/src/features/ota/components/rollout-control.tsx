import type { OtaVersion } from '@patrol/contracts';
import { ChevronDownIcon, FastForwardIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
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
import { RollForwardDialog } from '@/features/ota/components/roll-forward-dialog';
import {
  ladderStateText,
  RolloutLadderItems,
} from '@/features/ota/components/rollout-ladder-items';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { useLadderMove } from '@/features/ota/lib/use-ladder-move';

type RolloutControlProps = {
  version: OtaVersion;
  canManage: boolean;
  /** The release before this one, offered by roll forward once this one is halted. */
  previous?: OtaVersion;
};

/**
 * A release's staged rollout: the share of devices offered it, raised or lowered in steps, paused
 * or resumed; a paused rollout shows why (a person, or release health).
 */
export function RolloutControl({ version, canManage, previous }: RolloutControlProps) {
  const changeRollout = useChangeRollout();
  const [confirmingHalt, setConfirmingHalt] = useState(false);
  const ladderAction = useLadderMove(version, () => setConfirmingHalt(false));
  const move = ladderAction.move;
  const [rollingForward, setRollingForward] = useState(false);
  const paused = version.rolloutPausedAt !== null;
  const busy = changeRollout.isPending || ladderAction.isPending;
  const stateText = ladderStateText(version);

  const change = (body: { rolloutPercent?: number; paused?: boolean }) =>
    changeRollout.mutate(
      { id: version.id, body },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) =>
          toast.error(otaScreenMessages.rolloutFailed, { description: toOtaError(error).message }),
      },
    );

  const summary = (
    <span className="tabular-nums">
      {version.rolloutPercent}%
      {paused && (
        <Badge variant="warning" className="ml-1.5">
          <PauseIcon aria-hidden="true" />
          Halted
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
              disabled={busy}
              aria-label={`Rollout of version ${version.version}: ${version.rolloutPercent}%${paused ? ', halted' : ''}`}
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
                onSelect={() => change({ rolloutPercent: step })}
              >
                {step}%
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
            {paused ? (
              <>
                <DropdownMenuItem onSelect={() => change({ paused: false })}>
                  <PlayIcon aria-hidden="true" />
                  Resume rollout
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setRollingForward(true)}>
                  <FastForwardIcon aria-hidden="true" />
                  Roll forward…
                </DropdownMenuItem>
              </>
            ) : (
              <RolloutLadderItems
                version={version}
                disabled={busy}
                onAction={move}
                onHalt={() => setConfirmingHalt(true)}
              />
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <span className="px-3 text-sm">{summary}</span>
      )}
      {stateText && !paused && <span className="text-xs text-muted-foreground">{stateText}</span>}
      {paused && version.rolloutPauseReason && (
        <span className="max-w-48 text-right text-xs text-amber-700">
          {version.rolloutPauseReason}
        </span>
      )}
      {rollingForward && (
        <RollForwardDialog
          version={version}
          goodVersion={previous}
          open={rollingForward}
          onOpenChange={setRollingForward}
        />
      )}
      <ConfirmDialog
        open={confirmingHalt}
        onOpenChange={setConfirmingHalt}
        title={`Halt the rollout of ${version.version}?`}
        description={`Devices not yet on ${version.version} stop being offered it within a minute; devices that installed it keep it. You can resume the rollout later.`}
        confirmLabel="Halt Rollout"
        destructive
        pending={ladderAction.isPending}
        onConfirm={() => move('halt')}
      />
    </div>
  );
}
