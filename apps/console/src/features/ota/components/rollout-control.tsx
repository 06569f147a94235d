import type { OtaVersion } from '@patrol/contracts';
import { PauseIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { ReleaseChangeConfirm } from '@/components/release-change-confirm';
import { RollForwardDialog } from '@/features/ota/components/roll-forward-dialog';
import { ladderStateText } from '@/features/ota/components/rollout-ladder-items';
import { RolloutMenu } from '@/features/ota/components/rollout-menu';
import { wideningText } from '@/features/ota/lib/rollout-widening';
import { useRolloutMoves } from '@/features/ota/lib/use-rollout-moves';

type RolloutControlProps = {
  version: OtaVersion;
  /** The release before this one: widening is weighed against it; roll forward offers it. */
  previous?: OtaVersion;
};

/**
 * A release's staged rollout: the share of devices offered it, raised (after a confirmation that
 * warns when it crashes more than the release before) or lowered, its ladder moved, halted or
 * resumed; a halted rollout shows why (a person, or release health).
 */
export function RolloutControl({ version, previous }: RolloutControlProps) {
  const moves = useRolloutMoves(version);
  const [rollingForward, setRollingForward] = useState(false);
  const paused = version.rolloutPausedAt !== null;
  const stateText = ladderStateText(version);
  const { rights, widening } = moves;

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
      {rights.change || rights.move ? (
        <RolloutMenu
          version={version}
          rights={rights}
          busy={moves.busy}
          summary={summary}
          onShare={moves.share}
          onResume={moves.resume}
          onRollForward={() => setRollingForward(true)}
          onLadder={moves.onLadder}
          onHalt={() => moves.setConfirmingHalt(true)}
        />
      ) : (
        <span className="px-3 text-sm">{summary}</span>
      )}
      {stateText && !paused && <span className="text-xs text-muted-foreground">{stateText}</span>}
      {paused && version.rolloutPauseReason && (
        <span className="max-w-48 text-right text-xs whitespace-normal text-amber-700">
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
      {widening && (
        <ReleaseChangeConfirm
          open
          onOpenChange={(open) => !open && moves.setWidening(null)}
          version={version}
          previous={previous}
          {...wideningText(version, widening)}
          pending={moves.busy}
          onConfirm={() => moves.widen(widening)}
        />
      )}
      <ConfirmDialog
        open={moves.confirmingHalt}
        onOpenChange={moves.setConfirmingHalt}
        title={`Halt the rollout of ${version.version}?`}
        description={`Devices not yet on ${version.version} stop being offered it within a minute; devices that installed it keep it. You can resume the rollout later.`}
        confirmLabel="Halt Rollout"
        destructive
        pending={moves.haltPending}
        onConfirm={moves.halt}
      />
    </div>
  );
}
