import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** Rendered instead of the children after they throw; `reset` clears the error. */
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
};

type State = { failed: boolean };

/** Contains a remote's render errors to its own area, so the shell and other areas keep working. */
export class AreaErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Area crashed', error, info.componentStack);
  }

  reset = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
