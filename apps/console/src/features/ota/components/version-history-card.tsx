import type { ListOtaVersionsResponse, OtaVersion } from '@patrol/contracts';
import { Card, CardContent } from '@/components/ui/card';
import type { OtaRequestError } from '@/features/ota/api/ota-request';
import {
  EmptyState,
  VersionsSkeleton,
  VersionsUnavailable,
} from '@/features/ota/components/ota-page-states';
import { VersionsTable } from '@/features/ota/components/versions-table';

type VersionHistoryCardProps = {
  list: ListOtaVersionsResponse | undefined;
  error: OtaRequestError | null;
  canUpload: boolean;
  onUpload: () => void;
  onRetry: () => void;
  onShowDetails: (version: OtaVersion) => void;
};

/** Version History: the releases newest first, or an invitation, a failure or a skeleton. */
export function VersionHistoryCard({ list, error, ...props }: VersionHistoryCardProps) {
  return (
    <Card className="gap-0 py-0">
      <div className="border-b p-4">
        <h2 className="font-semibold">Version History</h2>
        <p className="text-sm text-muted-foreground">
          {list
            ? `${list.totalVersions} ${list.totalVersions === 1 ? 'version' : 'versions'}, newest first`
            : 'Loading versions'}
        </p>
      </div>
      <CardContent className="px-0">
        {list ? (
          list.versions.length === 0 ? (
            <EmptyState canUpload={props.canUpload} onUpload={props.onUpload} />
          ) : (
            <VersionsTable versions={list.versions} onShowDetails={props.onShowDetails} />
          )
        ) : error ? (
          <VersionsUnavailable message={error.message} onRetry={props.onRetry} />
        ) : (
          <VersionsSkeleton />
        )}
      </CardContent>
    </Card>
  );
}
