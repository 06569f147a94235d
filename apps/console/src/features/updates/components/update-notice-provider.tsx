import { updateMessages } from '@patrol/contracts';
import { canPerform, hasPermission } from '@patrol/domain';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { useMountedRef } from '@/lib/use-mounted-ref';
import { loadedBuild, type LoadedBuild } from '../lib/loaded-build';
import {
  markAllRead,
  noticeStorageKey,
  raiseNotice,
  removeNotices,
  unreadCount,
  updateFailedNotice,
  type NewNotice,
} from '../lib/notices';
import {
  initialInfo,
  UpdateNoticesContext,
  type UpdateInfo,
  type UpdateNoticesValue,
} from '../lib/update-notice-context';
import { useDashboardUpdate } from '../lib/use-dashboard-update';
import { useMobileDistribution } from '../lib/use-mobile-distribution';
import { useNoticeStore } from '../lib/use-notice-store';
import { useUpdateChecks } from '../lib/use-update-checks';

type UpdateNoticeProviderProps = {
  children: ReactNode;
  /** The build this page runs (tests give one; the app's is stamped at build time). */
  build?: LoadedBuild;
  /** Reloads the page into the new build (tests give a spy). */
  reload?: () => void;
};

const reloadPage = () => window.location.reload();

/**
 * Raises the update notices of spec 2 sections 2.8 and 4 for the signed-in shell: 2 s after start,
 * then every 4 hours, it asks whether the server serves a newer console build and which app
 * release is current (skipped without a stored token: 'Not authenticated'; the console check needs
 * settings.view and the app check ota.view, as the API does). A console update downloads with
 * progress, is applied, and the page reloads 3 s later. Keeps the newest 10 notices.
 */
export function UpdateNoticeProvider(props: UpdateNoticeProviderProps) {
  const { user } = useAuth();
  const userKey = user?.id ?? user?.username ?? 'signed-out';
  return <UserUpdateNotices key={userKey} storageKey={noticeStorageKey(userKey)} {...props} />;
}

function UserUpdateNotices({
  children,
  build = loadedBuild,
  reload = reloadPage,
  storageKey,
}: UpdateNoticeProviderProps & { storageKey: string }) {
  const { user } = useAuth();
  const canEdit = canPerform(user, 'applyConsoleUpdate') && canPerform(user, 'changeUpdateChannel');
  const canDistribute = canPerform(user, 'distributeRelease');
  const [noticeState, changeNotices] = useNoticeStore(storageKey);
  const [info, setInfo] = useState<UpdateInfo>(() => initialInfo(build));
  const mounted = useMountedRef();

  const raise = useCallback(
    (notice: NewNotice, options?: { repeatable?: boolean }) =>
      changeNotices((state) => raiseNotice(state, notice, options)),
    [changeNotices],
  );
  const patchInfo = useCallback(
    (patch: Partial<UpdateInfo>) => {
      if (mounted.current) setInfo((current) => ({ ...current, ...patch }));
    },
    [mounted],
  );

  const { mobile, runChecks, changeChannel } = useUpdateChecks({
    build,
    canCheckConsole: canPerform(user, 'checkConsoleUpdate'),
    // The app check (GET /api/ota/mobile/check) is a read of the OTA screen's.
    canViewReleases: hasPermission(user, 'ota.view'),
    mounted,
    raise,
    changeNotices,
    patchInfo,
  });
  const { distributing, distribute } = useMobileDistribution({ mounted, raise, changeNotices });

  const startUpdate = useDashboardUpdate({
    build,
    info,
    patchInfo,
    reload,
    onApplied: () =>
      changeNotices((state) =>
        removeNotices(state, (notice) => notice.type === 'dashboard_update'),
      ),
    onFailed: (message) => {
      raise(updateFailedNotice(message, info.latestVersion), { repeatable: true });
      toast.error(updateMessages.updateFailed, { description: message });
    },
  });

  const value = useMemo<UpdateNoticesValue>(
    () => ({
      notices: noticeState.notices,
      unread: unreadCount(noticeState),
      info,
      canEdit,
      canDistribute,
      mobile,
      distributing,
      markAllRead: () => changeNotices(markAllRead),
      dismiss: (key) => changeNotices((state) => removeNotices(state, (n) => n.key === key)),
      clearAll: () => changeNotices((state) => removeNotices(state, () => true)),
      checkNow: runChecks,
      startUpdate,
      distribute,
      changeChannel,
    }),
    [
      noticeState,
      info,
      canEdit,
      canDistribute,
      mobile,
      distributing,
      changeNotices,
      runChecks,
      startUpdate,
      distribute,
      changeChannel,
    ],
  );

  return <UpdateNoticesContext.Provider value={value}>{children}</UpdateNoticesContext.Provider>;
}
