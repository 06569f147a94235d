import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '@/components/error-screen';

type State = { failed: boolean };

/** Last line of defence above the router: a render failure shows the error screen, never a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Console failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
