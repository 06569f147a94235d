import type { OtaVersion, RolloutAction } from '@patrol/contracts';
import { toast } from 'sonner';
import { toOtaError } from '@/features/ota/api/ota-request';
import { useRolloutAction } from '@/features/ota/api/rollout-action';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

/** A move on the release's rollout ladder, with its toast; `onSettled` closes a confirmation. */
export function useLadderMove(version: OtaVersion, onSettled: () => void) {
  const ladderAction = useRolloutAction();
  const move = (action: RolloutAction) =>
    ladderAction.mutate(
      { id: version.id, body: { action } },
      {
        onSuccess: (response) => {
          onSettled();
          toast.success(response.message);
        },
        onError: (error) => {
          onSettled();
          toast.error(otaScreenMessages.rolloutFailed, { description: toOtaError(error).message });
        },
      },
    );
  return { move, isPending: ladderAction.isPending };
}
