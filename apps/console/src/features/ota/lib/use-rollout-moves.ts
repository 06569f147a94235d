import type { OtaVersion, RolloutAction } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { useChangeRollout } from '@/features/ota/api/change-rollout';
import { toOtaError } from '@/features/ota/api/ota-request';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import type { Widening } from '@/features/ota/lib/rollout-widening';
import { useLadderMove } from '@/features/ota/lib/use-ladder-move';

/** What this user may do to a rollout, each the permission its API route declares. */
export type RolloutRights = { change: boolean; move: boolean; rollForward: boolean };

/**
 * A rollout's moves and the confirmations they wait for: a widening (a higher share, the next
 * step now, a resume) and a halt are asked first; lowering, holding and releasing are not.
 */
export function useRolloutMoves(version: OtaVersion) {
  const { user } = useAuth();
  const rights: RolloutRights = {
    change: canPerform(user, 'changeRollout'),
    move: canPerform(user, 'moveRollout'),
    rollForward: canPerform(user, 'uploadRelease') && canPerform(user, 'activateRelease'),
  };
  const changeRollout = useChangeRollout();
  const [confirmingHalt, setConfirmingHalt] = useState(false);
  const [widening, setWidening] = useState<Widening | null>(null);
  const ladder = useLadderMove(version, () => {
    setConfirmingHalt(false);
    setWidening(null);
  });

  const change = (body: { rolloutPercent?: number; paused?: boolean }) =>
    changeRollout.mutate(
      { id: version.id, body },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) =>
          toast.error(otaScreenMessages.rolloutFailed, { description: toOtaError(error).message }),
        onSettled: () => setWidening(null),
      },
    );

  return {
    rights,
    busy: changeRollout.isPending || ladder.isPending,
    haltPending: ladder.isPending,
    confirmingHalt,
    setConfirmingHalt,
    widening,
    setWidening,
    share: (step: number) =>
      step > version.rolloutPercent
        ? setWidening({ kind: 'share', to: step })
        : change({ rolloutPercent: step }),
    resume: () => setWidening({ kind: 'resume' }),
    onLadder: (action: RolloutAction) =>
      action === 'advance' && version.ladder?.nextStep != null
        ? setWidening({ kind: 'advance', to: version.ladder.nextStep })
        : ladder.move(action),
    /** Makes the confirmed widening. */
    widen: (move: Widening) => {
      if (move.kind === 'share') change({ rolloutPercent: move.to });
      else if (move.kind === 'resume') change({ paused: false });
      else ladder.move('advance');
    },
    halt: () => ladder.move('halt'),
  };
}
