import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

type DashboardErrorCardProps = {
  message: string;
  retrying: boolean;
  onRetry: () => void;
  onShowDetails: () => void;
};

/** The error state in place of the dashboard: what failed, Try Again and the details dialog. */
export function DashboardErrorCard({
  message,
  retrying,
  onRetry,
  onShowDetails,
}: DashboardErrorCardProps) {
  return (
    <Card className="border-red-200" role="alert">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <TriangleAlertIcon aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">Dashboard Error</h2>
        <p className="max-w-md text-sm text-muted-foreground">{message}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onRetry} disabled={retrying}>
            <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            {retrying ? 'Retrying...' : 'Try Again'}
          </Button>
          <Button variant="outline" onClick={onShowDetails}>
            Show Details
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
