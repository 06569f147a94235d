import { Loader2, RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A full-screen wait state, e.g. 'Initializing dashboard system...'. */
export function LoadingScreen({ message }: { message: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen flex-col items-center justify-center gap-3 bg-page"
    >
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-muted-foreground">{message}</p>
    </div>
  );
}

type ConnectionErrorScreenProps = {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
};

/** A full-screen failure with a Retry button, for when the server cannot be reached. */
export function ConnectionErrorScreen({ message, onRetry, retrying }: ConnectionErrorScreenProps) {
  return (
    <div role="alert" className="flex min-h-screen items-center justify-center bg-page p-6">
      <div className="w-full max-w-md rounded-lg border bg-card p-8 text-center shadow-xs">
        <WifiOff className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold">Connection Error</h1>
        <p className="mt-2 text-muted-foreground">{message}</p>
        <Button className="mt-6" onClick={onRetry} disabled={retrying}>
          <RefreshCw className={retrying ? 'animate-spin' : undefined} />
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    </div>
  );
}
