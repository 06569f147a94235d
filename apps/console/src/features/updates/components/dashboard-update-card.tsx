import { formatFileSize } from '@patrol/domain';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { UpdateInfo } from '../lib/update-notice-context';

const phaseText: Partial<Record<UpdateInfo['phase'], string>> = {
  complete: 'Download complete',
  applying: 'Applying the update…',
  reloading: 'Update ready: reloading in 3 seconds…',
};

function progressText(info: UpdateInfo): string {
  if (info.phase === 'downloading') {
    return info.downloadProgress < 50
      ? `Checking the new build on the server… ${info.downloadProgress}%`
      : `Downloading… ${info.downloadProgress}%`;
  }
  return phaseText[info.phase] ?? '';
}

type DashboardUpdateCardProps = {
  info: UpdateInfo;
  canEdit: boolean;
  onUpdate: () => void;
};

/**
 * The newer console build, while one is served: version, size and notes, with Update (for those
 * who may apply it) and the download's progress bar; others are told to reload.
 */
export function DashboardUpdateCard({ info, canEdit, onUpdate }: DashboardUpdateCardProps) {
  const busy = ['downloading', 'complete', 'applying', 'reloading'].includes(info.phase);
  return (
    <section aria-label="Console update" className="space-y-3 rounded-md border bg-muted/40 p-3">
      <div>
        <p className="font-medium">Console {info.latestVersion} is available</p>
        <p className="text-sm text-muted-foreground">
          You run {info.currentVersion}. Download: {formatFileSize(info.updateSize)}.
        </p>
        {info.releaseNotes && <p className="mt-1 text-sm">{info.releaseNotes}</p>}
      </div>
      {busy && (
        <div className="space-y-1">
          <Progress value={info.downloadProgress} aria-label="Update progress" />
          <p className="text-xs text-muted-foreground" role="status">
            {progressText(info)}
          </p>
        </div>
      )}
      {info.phase === 'failed' && info.error && (
        <p className="text-sm text-red-700" role="alert">
          {info.error}
        </p>
      )}
      {canEdit ? (
        <Button size="sm" onClick={onUpdate} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" /> : <Download />}
          {info.phase === 'failed' ? 'Try again' : 'Update'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Reload the page to use it.</p>
      )}
    </section>
  );
}
