import type { OtaVersion } from '@patrol/contracts';
import { formatFileSize, humanise } from '@patrol/domain';
import { formatBusinessDateTime } from '@/lib/company-time';
import { ActiveBadge } from '@/components/status-badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ReleaseHealthCell } from '@/features/ota/components/release-health-cell';
import { RolloutControl } from '@/features/ota/components/rollout-control';
import { VersionRowActions } from '@/features/ota/components/version-row-actions';

type VersionsTableProps = {
  versions: OtaVersion[];
  onShowDetails: (version: OtaVersion) => void;
};

/** The Version History table, newest first (the API's order). */
export function VersionsTable({ versions, onShowDetails }: VersionsTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Status</TableHead>
          <TableHead numeric>File Size</TableHead>
          <TableHead>Platform</TableHead>
          <TableHead>Uploaded</TableHead>
          <TableHead numeric>Rollout</TableHead>
          <TableHead numeric>Release Health</TableHead>
          <TableHead className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {versions.map((version, index) => (
          <TableRow key={version.id}>
            <TableCell>
              <div className="font-medium">{version.version}</div>
              <div className="text-xs text-muted-foreground tabular-nums">
                Build {version.buildNumber ?? 'N/A'}
              </div>
            </TableCell>
            <TableCell>
              <ActiveBadge active={version.isActive} />
            </TableCell>
            <TableCell numeric>{formatFileSize(version.fileSize)}</TableCell>
            <TableCell>{humanise(version.platform)}</TableCell>
            <TableCell className="tabular-nums">
              {formatBusinessDateTime(version.uploadedAt)}
            </TableCell>
            <TableCell numeric>
              <RolloutControl version={version} previous={versions[index + 1]} />
            </TableCell>
            <TableCell numeric>
              <ReleaseHealthCell version={version} previous={versions[index + 1]} />
            </TableCell>
            <TableCell>
              <VersionRowActions
                version={version}
                onShowDetails={onShowDetails}
                previous={versions[index + 1]}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
