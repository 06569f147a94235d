import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

const chunkLoadPattern =
  /ChunkLoadError|Loading chunk|dynamically imported module|Importing a module script failed/i;

/** A lazily loaded part of the console failed to download (usually a new release meanwhile). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadPattern.test(`${error.name} ${error.message}`);
}

// A chunk that is really gone must not reload the page forever: one automatic reload a minute.
const reloadMarker = 'ota-chunk-reload-at';
const reloadSpacingMs = 60_000;

function mayReloadNow(): boolean {
  const last = Number(sessionStorage.getItem(reloadMarker) ?? 0);
  return Date.now() - last > reloadSpacingMs;
}

type OtaErrorBoundaryProps = {
  children: ReactNode;
  /** Reloads the page; tests pass a spy. */
  reload?: () => void;
};

type State = { failed: boolean };

/** 'OTA Management Error' with Reload Page; a chunk-load error reloads the page by itself. */
export class OtaErrorBoundary extends Component<OtaErrorBoundaryProps, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('OTA screen failed to render', error, info.componentStack);
    if (isChunkLoadError(error) && mayReloadNow()) {
      sessionStorage.setItem(reloadMarker, String(Date.now()));
      this.reload();
    }
  }

  private reload = () => (this.props.reload ?? (() => window.location.reload()))();

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border bg-card p-8 text-center">
        <AlertTriangle className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h2 className="mt-4 text-xl font-semibold">{otaScreenMessages.boundary.title}</h2>
        <p className="mt-2 text-muted-foreground">{otaScreenMessages.boundary.description}</p>
        <Button className="mt-6" onClick={this.reload}>
          <RefreshCw aria-hidden="true" />
          Reload Page
        </Button>
      </div>
    );
  }
}
