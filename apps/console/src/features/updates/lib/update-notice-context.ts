import type { OtaChannel } from '@patrol/contracts';
import { createContext, useContext } from 'react';
import type { LoadedBuild } from './loaded-build';
import type { UpdateNotice } from './notices';

/** Where the console update stands (spec 2 section 3's Update info, and the flow's phase). */
export type UpdateInfo = {
  currentVersion: string;
  latestVersion: string | null;
  hasUpdate: boolean;
  /** Bytes of the new build's files. */
  updateSize: number;
  releaseNotes: string;
  isChecking: boolean;
  isDownloading: boolean;
  /** 0-100: the first half while the server reads and verifies the build, the second while the browser fetches it. */
  downloadProgress: number;
  /** ISO time of the last check that answered; null before. */
  lastChecked: string | null;
  updateChannel: OtaChannel;
  /** downloading -> complete -> applying -> reloading (after 3 s), or failed. */
  phase: 'idle' | 'downloading' | 'complete' | 'applying' | 'reloading' | 'failed';
  /** The served build's id when it differs from this page's. */
  latestBuild: string | null;
  /** Why the last check or update did not happen ('Not authenticated' without a token). */
  error: string | null;
};

/** The app releases the last check saw: the one devices are offered, and the newest uploaded. */
export type MobileReleases = { current: string | null; latest: string | null };

export type UpdateNoticesValue = {
  notices: UpdateNotice[];
  unread: number;
  info: UpdateInfo;
  /** Whether this user may apply console updates and change the channel (settings.edit). */
  canEdit: boolean;
  /** Whether this user may distribute an app release (ota.activate). */
  canDistribute: boolean;
  mobile: MobileReleases;
  /** The key of the notice whose distribution is running, if any. */
  distributing: string | null;
  markAllRead: () => void;
  dismiss: (key: string) => void;
  clearAll: () => void;
  checkNow: () => Promise<void>;
  startUpdate: () => Promise<void>;
  distribute: (notice: UpdateNotice) => Promise<void>;
  changeChannel: (channel: OtaChannel) => Promise<void>;
};

/** Where the console update stands before the first check. */
export function initialInfo(build: LoadedBuild): UpdateInfo {
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

export const UpdateNoticesContext = createContext<UpdateNoticesValue | null>(null);

/** The update notices of the signed-in shell; null outside UpdateNoticeProvider. */
export function useUpdateNotices(): UpdateNoticesValue | null {
  return useContext(UpdateNoticesContext);
}
