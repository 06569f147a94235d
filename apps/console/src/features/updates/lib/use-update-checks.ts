import { updateMessages, type OtaChannel } from '@patrol/contracts';
import { formatFileSize } from '@patrol/domain';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { logger } from '@/lib/logger';
import { sessionStore } from '@/lib/session-storage';
import { checkDashboardUpdate } from '../api/check-dashboard-update';
import { checkMobileUpdate } from '../api/check-mobile-update';
import { setUpdateChannel } from '../api/set-update-channel';
import { useReleaseActivated } from '../api/use-release-events';
import { developmentBuildId, type LoadedBuild } from './loaded-build';
import { removeNotices, type NewNotice, type NoticeState } from './notices';
import type { MobileReleases, UpdateInfo } from './update-notice-context';
import { updateTimings } from './update-timings';

export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}

type UpdateChecksOptions = {
  build: LoadedBuild;
  /** May check console updates (settings.view), may read app releases (ota.view). */
  canCheckConsole: boolean;
  canViewReleases: boolean;
  mounted: RefObject<boolean>;
  raise: (notice: NewNotice) => void;
  changeNotices: (change: (state: NoticeState) => NoticeState) => void;
  patchInfo: (patch: Partial<UpdateInfo>) => void;
};

/**
 * The update checks, and the channel change that checks again: 2 s after start, then every 4 hours, and the app check again shortly after a
 * release is activated on any console. Each check runs only with its permission and a token.
 */
export function useUpdateChecks(options: UpdateChecksOptions) {
  const { build, canCheckConsole, canViewReleases, mounted, raise, changeNotices, patchInfo } =
    options;
  const [mobile, setMobile] = useState<MobileReleases>({ current: null, latest: null });

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
  }, [mounted, raise]);

  const runChecks = useCallback(async () => {
    if (!sessionStore.getToken()) {
      patchInfo({ error: updateMessages.notAuthenticated });
      logger.debug(`Update check skipped: ${updateMessages.notAuthenticated}`);
      return;
    }
    await Promise.all([
      canCheckConsole ? checkDashboard() : undefined,
      canViewReleases ? checkMobile() : undefined,
    ]);
  }, [canCheckConsole, canViewReleases, checkDashboard, checkMobile, patchInfo]);

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

  return { mobile, runChecks, changeChannel };
}
