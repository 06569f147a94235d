import type { OtaVersion } from '@patrol/contracts';
import { canPerform, formatBusinessDateTime, formatFileSize } from '@patrol/domain';
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '@/components/copy-button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toOtaError } from '@/features/ota/api/ota-request';
import { downloadMapping, useDeleteMapping } from '@/features/ota/api/version-mapping';
import { MappingUploadControl } from '@/features/ota/components/mapping-upload-control';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { actionFailureMessage } from '@/features/ota/lib/use-version-actions';
import { useAuth } from '@/lib/auth';

type VersionMappingSectionProps = {
  version: Pick<OtaVersion, 'id' | 'version' | 'mapping'>;
};

/**
 * A release's R8/ProGuard mapping on Version Details: its size, classes and SHA-256, whether the
 * release's earlier crashes are retraced yet, download and delete (confirmed); or the upload.
 */
export function VersionMappingSection({ version }: VersionMappingSectionProps) {
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMapping();
  const mapping = version.mapping;

  if (!mapping) {
    return canPerform(user, 'uploadMapping') ? (
      <MappingUploadControl version={version} />
    ) : (
      <span className="text-muted-foreground">No mapping uploaded</span>
    );
  }

  const download = () =>
    downloadMapping(version).catch((error: unknown) =>
      toast.error('Mapping download failed', {
        description: error instanceof Error ? error.message : String(error),
      }),
    );
  const confirmDelete = () =>
    remove.mutate(version, {
      onSuccess: (response) => {
        setConfirming(false);
        toast.success(response.message);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error('Mapping not deleted', {
          description: actionFailureMessage(toOtaError(error), 'deletion'),
        });
      },
    });

  return (
    <div className="grid gap-2">
      <span>
        {formatFileSize(mapping.fileSize)}, {mapping.classCount.toLocaleString('en')} classes,
        uploaded {formatBusinessDateTime(mapping.uploadedAt)}
      </span>
      <span className="text-xs text-muted-foreground">
        {mapping.retracedAt
          ? `Earlier crash reports retraced ${formatBusinessDateTime(mapping.retracedAt)}`
          : 'Retracing earlier crash reports...'}
      </span>
      <code className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">
        {mapping.checksum}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={mapping.checksum}
          label="Copy mapping checksum"
          copiedMessage={otaScreenMessages.checksumCopied}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => void download()}>
          <DownloadIcon aria-hidden="true" />
          Download Mapping
        </Button>
        {canPerform(user, 'deleteMapping') && (
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2Icon aria-hidden="true" />
            Delete Mapping
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the mapping of version ${version.version}?`}
        description="Crash reports of this version already retraced keep their readable stack; new ones arrive obfuscated until a mapping is uploaded again."
        confirmLabel="Delete Mapping"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
