import type { OtaVersion } from '@patrol/contracts';
import { ChevronDownIcon, PauseIcon, PlayIcon } from 'lucide-react';
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

type RolloutControlProps = { version: OtaVersion; canManage: boolean };

/**
 * A release's staged rollout: the share of devices offered it, raised or lowered in steps, paused
 * or resumed; a paused rollout shows why (a person, or release health).
 */
export function RolloutControl({ version, canManage }: RolloutControlProps) {
  const changeRollout = useChangeRollout();
  const paused = version.rolloutPausedAt !== null;

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
                onSelect={() => change({ rolloutPercent: step })}
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
      {paused && version.rolloutPauseReason && (
        <span className="max-w-48 text-right text-xs text-amber-700">
          {version.rolloutPauseReason}
        </span>
      )}
    </div>
  );
}
