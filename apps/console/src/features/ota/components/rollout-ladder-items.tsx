import type { OtaVersion, RolloutAction } from '@patrol/contracts';
import { ChevronsUpIcon, HandIcon, OctagonXIcon, TrendingUpIcon } from 'lucide-react';
import { DropdownMenuItem, DropdownMenuLabel } from '@/components/ui/dropdown-menu';

type RolloutLadderItemsProps = {
  version: OtaVersion;
  disabled: boolean;
  onAction: (action: RolloutAction) => void;
  onHalt: () => void;
};

/**
 * The ladder's moves in the rollout menu: advance to the next step now, hold at this step or let
 * it climb again, and halt (after a confirmation, opened by `onHalt`).
 */
export function RolloutLadderItems({
  version,
  disabled,
  onAction,
  onHalt,
}: RolloutLadderItemsProps) {
  const ladder = version.ladder;
  if (!ladder || ladder.state === 'halted') return null;
  return (
    <>
      <DropdownMenuLabel>Rollout ladder {ladder.steps.join(' · ')}%</DropdownMenuLabel>
      {ladder.nextStep !== null && version.isActive && (
        <DropdownMenuItem disabled={disabled} onSelect={() => onAction('advance')}>
          <ChevronsUpIcon aria-hidden="true" />
          Advance to {ladder.nextStep}% now…
        </DropdownMenuItem>
      )}
      {ladder.state === 'climbing' && (
        <DropdownMenuItem disabled={disabled} onSelect={() => onAction('hold')}>
          <HandIcon aria-hidden="true" />
          Hold at {version.rolloutPercent}%
        </DropdownMenuItem>
      )}
      {ladder.state === 'held' && (
        <DropdownMenuItem disabled={disabled} onSelect={() => onAction('release')}>
          <TrendingUpIcon aria-hidden="true" />
          Let it climb again
        </DropdownMenuItem>
      )}
      <DropdownMenuItem variant="destructive" disabled={disabled} onSelect={onHalt}>
        <OctagonXIcon aria-hidden="true" />
        Halt rollout…
      </DropdownMenuItem>
    </>
  );
}

/** What the rollout is doing, under its share: climbing to the next step, held, or complete. */
export function ladderStateText(version: OtaVersion): string | null {
  const ladder = version.ladder;
  if (!ladder || !version.isActive) return null;
  if (ladder.state === 'climbing' && ladder.nextStep !== null) {
    return `Climbing · next ${ladder.nextStep}%`;
  }
  if (ladder.state === 'held') return `Held at ${version.rolloutPercent}%`;
  return null;
}
