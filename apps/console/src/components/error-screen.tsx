import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The render-failure screen (spec 1 section 2.2), used by the route and top-level boundaries. */
export function ErrorScreen() {
  return (
    <div role="alert" className="flex min-h-screen items-center justify-center bg-page p-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-xs">
        <AlertTriangle className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          An unexpected error occurred in the client interface
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw />
            Refresh Page
          </Button>
          <Button variant="outline" onClick={() => window.history.back()}>
            <ArrowLeft />
            Go Back
          </Button>
        </div>
      </div>
    </div>
  );
}
