import type {
  OtaChannel,
  OtaPlatform,
  OtaVersion,
  ReleaseVitalsFigures,
  RolloutLadder,
} from '@patrol/contracts';
import { crashFreeRate, nextLadderStep, rolloutState } from '@patrol/domain';
import type { OtaVersionRow } from '../../db/schema';

/** Where the app and the console download a release's APK. */
export function downloadPath(row: Pick<OtaVersionRow, 'id'>): string {
  return `/api/ota/versions/${row.id}/download`;
}

/** A release as the API presents it (never its path on disk). */
export function presentVersion(row: OtaVersionRow): OtaVersion {
  return {
    id: row.id,
    version: row.version,
    buildNumber: row.versionCode,
    packageName: row.packageName,
    isActive: row.isActive,
    fileSize: row.fileSize,
    platform: row.platform as OtaPlatform,
    channel: row.channel as OtaChannel,
    uploadedAt: row.uploadedAt.toISOString(),
    releaseNotes: row.releaseNotes ?? '',
    checksum: row.checksum,
    downloadUrl: downloadPath(row),
    rolloutPercent: row.rolloutPercent,
    rolloutPausedAt: row.rolloutPausedAt?.toISOString() ?? null,
    rolloutPauseReason: row.rolloutPauseReason,
    health: {
      devices: row.healthDevices,
      crashedDevices: row.healthCrashedDevices,
      crashFreeRate: crashFreeRate(row.healthDevices, row.healthCrashedDevices),
      checkedAt: row.healthCheckedAt?.toISOString() ?? null,
    },
    vitals: (row.healthVitals as ReleaseVitalsFigures | null) ?? null,
    ladder: presentLadder(row),
    rolledForwardFrom: row.rolledForwardFrom,
  };
}

/** The release's rollout ladder and where it stands on it. */
export function presentLadder(row: OtaVersionRow): RolloutLadder {
  return {
    steps: row.rolloutLadder,
    state: rolloutState(row),
    stepStartedAt: row.rolloutStepAt?.toISOString() ?? null,
    minMinutes: row.ladderMinMinutes,
    minSessions: row.ladderMinSessions,
    nextStep: nextLadderStep(row.rolloutLadder, row.rolloutPercent),
    haltRule: (row.haltRule as RolloutLadder['haltRule']) ?? null,
  };
}
