import type { OtaVersion } from '@patrol/contracts';
import { formatFileSize, humanise } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import type { ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button';
import { ActiveBadge } from '@/components/status-badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { VersionMappingSection } from '@/features/ota/components/version-mapping-section';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

type VersionDetailsDialogProps = {
  /** The version shown; null keeps the dialog closed. */
  version: OtaVersion | null;
  onClose: () => void;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Version Details: everything known about one release, with its SHA-256 to copy. */
export function VersionDetailsDialog({ version, onClose }: VersionDetailsDialogProps) {
  return (
    <Dialog open={version !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Version Details</DialogTitle>
          <DialogDescription>
            {version ? `Release ${version.version} of the patrol app.` : 'Release details.'}
          </DialogDescription>
        </DialogHeader>
        {version && (
          <dl className="divide-y text-sm">
            <Row label="Version">{version.version}</Row>
            <Row label="Status">
              <ActiveBadge active={version.isActive} />
            </Row>
            <Row label="Platform">{humanise(version.platform)}</Row>
            <Row label="Channel">{humanise(version.channel)}</Row>
            <Row label="File size">{formatFileSize(version.fileSize)}</Row>
            <Row label="Build number">{version.buildNumber ?? 'N/A'}</Row>
            <Row label="Package name">
              <span className="font-mono text-xs">{version.packageName}</span>
            </Row>
            <Row label="Uploaded">{formatBusinessDateTime(version.uploadedAt)}</Row>
            <Row label="Rollout">
              {version.rolloutPercent}% of devices
              {version.rolloutPausedAt && (
                <span className="block text-amber-700">
                  Paused {formatBusinessDateTime(version.rolloutPausedAt)}
                  {version.rolloutPauseReason ? `: ${version.rolloutPauseReason}` : ''}
                </span>
              )}
            </Row>
            <Row label="Release notes">
              {version.releaseNotes ? (
                <span className="whitespace-pre-wrap">{version.releaseNotes}</span>
              ) : (
                <span className="text-muted-foreground">No release notes</span>
              )}
            </Row>
            <Row label="SHA-256 checksum">
              <div className="grid gap-2">
                <code className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">
                  {version.checksum}
                </code>
                <div>
                  <CopyButton
                    text={version.checksum}
                    label="Copy checksum"
                    copiedMessage={otaScreenMessages.checksumCopied}
                  />
                </div>
              </div>
            </Row>
            <Row label="R8 mapping">
              <VersionMappingSection version={version} />
            </Row>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
