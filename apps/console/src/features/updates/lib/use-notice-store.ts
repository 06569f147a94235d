import { useCallback, useState } from 'react';
import { loadNoticeState, saveNoticeState, type NoticeState } from './notices';

/**
 * Notices kept in this browser's localStorage under `storageKey` (one per user), so the reload of
 * an update keeps them. Mount under a React key of the user: another user gets their own.
 */
export function useNoticeStore(
  storageKey: string,
): [NoticeState, (change: (state: NoticeState) => NoticeState) => void] {
  const [state, setState] = useState(() => loadNoticeState(localStorage, storageKey));
  const update = useCallback(
    (change: (state: NoticeState) => NoticeState) =>
      setState((current) => {
        const next = change(current);
        if (next !== current) saveNoticeState(localStorage, storageKey, next);
        return next;
      }),
    [storageKey],
  );
  return [state, update];
}
