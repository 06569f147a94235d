import type { OtaVersion, RolloutAction } from '@patrol/contracts';
import { ChevronDownIcon, FastForwardIcon, PlayIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { rolloutSteps } from '@/features/ota/api/change-rollout';
import { RolloutLadderItems } from '@/features/ota/components/rollout-ladder-items';
import type { RolloutRights } from '@/features/ota/lib/use-rollout-moves';

type RolloutMenuProps = {
  version: OtaVersion;
  rights: RolloutRights;
  busy: boolean;
  /** The share and the Halted badge, shown on the trigger. */
  summary: ReactNode;
  onShare: (step: number) => void;
  onResume: () => void;
  onRollForward: () => void;
  onLadder: (action: RolloutAction) => void;
  onHalt: () => void;
};

/**
 * The rollout menu: the share offered to devices, then resume and roll forward for a halted
 * release or the ladder's moves for a running one, each only for staff allowed it.
 */
export function RolloutMenu({ version, rights, busy, summary, ...on }: RolloutMenuProps) {
  const paused = version.rolloutPausedAt !== null;
  return (
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
        {rights.change && (
          <>
            <DropdownMenuLabel>Offer to devices</DropdownMenuLabel>
            {rolloutSteps.map((step) => (
              <DropdownMenuItem
                key={step}
                disabled={step === version.rolloutPercent}
                onSelect={() => on.onShare(step)}
              >
                {step}%
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
          </>
        )}
        {paused ? (
          <>
            {rights.change && (
              <DropdownMenuItem onSelect={on.onResume}>
                <PlayIcon aria-hidden="true" />
                Resume rollout…
              </DropdownMenuItem>
            )}
            {rights.rollForward && (
              <DropdownMenuItem onSelect={on.onRollForward}>
                <FastForwardIcon aria-hidden="true" />
                Roll forward…
              </DropdownMenuItem>
            )}
          </>
        ) : (
          rights.move && (
            <RolloutLadderItems
              version={version}
              disabled={busy}
              onAction={on.onLadder}
              onHalt={on.onHalt}
            />
          )
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
