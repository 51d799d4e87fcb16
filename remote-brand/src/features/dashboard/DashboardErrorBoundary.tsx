import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBanner } from 'shared-ui';

interface State {
  failed: boolean;
}

/** A render failure of the dashboard's figures shows a message in place of a blank area. */
export class DashboardErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Dashboard render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <ErrorBanner message="Something went wrong rendering this dashboard." />;
    }
    return this.props.children;
  }
}
