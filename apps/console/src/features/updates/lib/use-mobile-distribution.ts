import { updateMessages } from '@patrol/contracts';
import { useCallback, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { distributeMobileUpdate } from '../api/distribute-mobile-update';
import { removeNotices, type NewNotice, type NoticeState, type UpdateNotice } from './notices';
import { messageOf } from './use-update-checks';

/**
 * Distributes the app release a notice names: the notice goes on success; a failure raises a
 * notice and a toast saying why. `distributing` is the key of the notice whose call runs.
 */
export function useMobileDistribution({
  mounted,
  raise,
  changeNotices,
}: {
  mounted: RefObject<boolean>;
  raise: (notice: NewNotice, options?: { repeatable?: boolean }) => void;
  changeNotices: (change: (state: NoticeState) => NoticeState) => void;
}) {
  const [distributing, setDistributing] = useState<string | null>(null);

  const distribute = useCallback(
    async (notice: UpdateNotice) => {
      if (!notice.version || notice.platform === 'dashboard') return;
      setDistributing(notice.key);
      try {
        const result = await distributeMobileUpdate({
          platform: notice.platform,
          version: notice.version,
        });
        toast.success(result.message);
        changeNotices((state) => removeNotices(state, (old) => old.key === notice.key));
      } catch (error) {
        const message = messageOf(error);
        raise(
          {
            key: `distribution_failed:${Date.now()}`,
            type: 'distribution_failed',
            title: updateMessages.distributionFailed,
            message: `Version ${notice.version}: ${message}`,
            priority: 'high',
            version: notice.version,
            platform: notice.platform,
          },
          { repeatable: true },
        );
        toast.error(updateMessages.distributionFailed, { description: message });
      } finally {
        if (mounted.current) setDistributing(null);
      }
    },
    [changeNotices, mounted, raise],
  );

  return { distributing, distribute };
}
