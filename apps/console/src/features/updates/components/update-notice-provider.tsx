import { updateMessages, type OtaChannel } from '@patrol/contracts';
import { formatFileSize, hasPermission } from '@patrol/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/lib/auth';
import { logger } from '@/lib/logger';
import { sessionStore } from '@/lib/session-storage';
import { checkDashboardUpdate } from '../api/check-dashboard-update';
import { checkMobileUpdate } from '../api/check-mobile-update';
import { distributeMobileUpdate } from '../api/distribute-mobile-update';
import { setUpdateChannel } from '../api/set-update-channel';
import { useReleaseActivated } from '../api/use-release-events';
import { developmentBuildId, loadedBuild, type LoadedBuild } from '../lib/loaded-build';
import {
  markAllRead,
  noticeStorageKey,
  raiseNotice,
  removeNotices,
  unreadCount,
  type NewNotice,
  type UpdateNotice,
} from '../lib/notices';
import {
  UpdateNoticesContext,
  type MobileReleases,
  type UpdateInfo,
  type UpdateNoticesValue,
} from '../lib/update-notice-context';
import { updateTimings } from '../lib/update-timings';
import { useDashboardUpdate } from '../lib/use-dashboard-update';
import { useNoticeStore } from '../lib/use-notice-store';

type UpdateNoticeProviderProps = {
  children: ReactNode;
  /** The build this page runs (tests give one; the app's is stamped at build time). */
  build?: LoadedBuild;
  /** Reloads the page into the new build (tests give a spy). */
  reload?: () => void;
};

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

function initialInfo(build: LoadedBuild): UpdateInfo {
  return {
    currentVersion: build.version,
    latestVersion: null,
    hasUpdate: false,
    updateSize: 0,
    releaseNotes: '',
    isChecking: false,
    isDownloading: false,
    downloadProgress: 0,
    lastChecked: null,
    updateChannel: 'stable',
    phase: 'idle',
    latestBuild: null,
    error: null,
  };
}

const reloadPage = () => window.location.reload();

/**
 * Raises the update notices of spec 2 sections 2.8 and 4 for the signed-in shell: 2 s after start,
 * then every 4 hours, it asks whether the server serves a newer console build and which app
 * release is current (skipped without a stored token: 'Not authenticated'; the console check needs
 * settings.view and the app check ota.view, as the API does). A console update downloads with progress, is applied,
 * and the page reloads 3 s later. Keeps the newest 10 notices.
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
  const canView = hasPermission(user, 'settings.view');
  const canEdit = hasPermission(user, 'settings.edit');
  const canViewReleases = hasPermission(user, 'ota.view');
  const canDistribute = hasPermission(user, 'ota.activate');
  const [mobile, setMobile] = useState<MobileReleases>({ current: null, latest: null });
  const [noticeState, changeNotices] = useNoticeStore(storageKey);
  const [info, setInfo] = useState<UpdateInfo>(() => initialInfo(build));
  const [distributing, setDistributing] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const raise = useCallback(
    (notice: NewNotice, options?: { repeatable?: boolean }) =>
      changeNotices((state) => raiseNotice(state, notice, options)),
    [changeNotices],
  );
  const patchInfo = useCallback((patch: Partial<UpdateInfo>) => {
    if (mounted.current) setInfo((current) => ({ ...current, ...patch }));
  }, []);

  const checkDashboard = useCallback(async () => {
    // The dev server's code is no served build: there is nothing to compare it with.
    if (build.id === developmentBuildId) return;
    patchInfo({ isChecking: true });
    try {
      const result = await checkDashboardUpdate(build);
      patchInfo({
        isChecking: false,
        currentVersion: result.currentVersion,
        latestVersion: result.latestVersion,
        hasUpdate: result.hasUpdate,
        updateSize: result.updateSize,
        releaseNotes: result.releaseNotes,
        updateChannel: result.channel,
        latestBuild: result.hasUpdate ? result.latestBuild : null,
        lastChecked: new Date().toISOString(),
        error: null,
      });
      if (result.hasUpdate && result.latestBuild) {
        raise({
          key: `dashboard_update:${result.latestBuild}`,
          type: 'dashboard_update',
          title: 'Dashboard Update Available',
          message: `Console ${result.latestVersion} is ready to install (${formatFileSize(result.updateSize)}).`,
          priority: 'medium',
          version: result.latestVersion,
          platform: 'dashboard',
        });
      } else {
        // This page runs the served build (after an update's reload, say): old news.
        changeNotices((state) =>
          removeNotices(state, (notice) => notice.type === 'dashboard_update'),
        );
      }
    } catch (error) {
      patchInfo({ isChecking: false, error: messageOf(error) });
      logger.warn('Dashboard update check failed:', messageOf(error));
    }
  }, [build, changeNotices, patchInfo, raise]);

  const checkMobile = useCallback(async () => {
    try {
      const { android } = await checkMobileUpdate();
      if (mounted.current) {
        setMobile({ current: android.currentVersion, latest: android.latestVersion });
      }
      const version = android.latestVersion ?? android.currentVersion;
      if (!version) return;
      const pending = android.currentVersion !== version;
      raise({
        key: `mobile_update:android:${version}`,
        type: 'mobile_update',
        title: 'Mobile App Update',
        message: pending
          ? `Android app ${version} is uploaded but not distributed yet${android.currentVersion ? `; devices are offered ${android.currentVersion}` : ''}.`
          : `Android app ${version} is active: devices are offered it on their next check.`,
        priority: pending ? 'medium' : 'low',
        version,
        platform: 'android',
      });
    } catch (error) {
      logger.warn('Mobile update check failed:', messageOf(error));
    }
  }, [raise]);

  const runChecks = useCallback(async () => {
    if (!sessionStore.getToken()) {
      patchInfo({ error: updateMessages.notAuthenticated });
      logger.debug(`Update check skipped: ${updateMessages.notAuthenticated}`);
      return;
    }
    await Promise.all([
      canView ? checkDashboard() : undefined,
      canViewReleases ? checkMobile() : undefined,
    ]);
  }, [canView, canViewReleases, checkDashboard, checkMobile, patchInfo]);

  // The timers read the latest checks without restarting the schedule when they change.
  const latestRunChecks = useRef(runChecks);
  useEffect(() => {
    latestRunChecks.current = runChecks;
  });
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      void latestRunChecks.current();
      interval = setInterval(() => void latestRunChecks.current(), updateTimings.checkIntervalMs);
    }, updateTimings.firstCheckDelayMs);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);

  // A release activated on any console is news here without waiting 4 hours.
  const releaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useReleaseActivated(() => {
    if (!canViewReleases || !sessionStore.getToken()) return;
    clearTimeout(releaseTimer.current);
    releaseTimer.current = setTimeout(() => void checkMobile(), updateTimings.releaseEventDelayMs);
  });
  useEffect(() => () => clearTimeout(releaseTimer.current), []);

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
      raise(
        {
          key: `update_failed:${Date.now()}`,
          type: 'update_failed',
          title: updateMessages.updateFailed,
          message,
          priority: 'high',
          version: info.latestVersion,
          platform: 'dashboard',
        },
        { repeatable: true },
      );
      toast.error(updateMessages.updateFailed, { description: message });
    },
  });

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
    [changeNotices, raise],
  );

  const changeChannel = useCallback(
    async (channel: OtaChannel) => {
      try {
        const result = await setUpdateChannel(channel);
        patchInfo({ updateChannel: result.channel });
        toast.success(result.message);
        await checkDashboard();
      } catch (error) {
        toast.error('Failed to change the update channel', { description: messageOf(error) });
      }
    },
    [checkDashboard, patchInfo],
  );

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
