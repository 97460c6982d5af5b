import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../analytics/report-error';

interface State {
  failedAt: string | null;
}

/**
 * A screen that throws while rendering shows an apology with a way on, inside the normal header,
 * instead of a blank page. Moving to another page clears it.
 */
export class ScreenErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  State
> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: window.location.pathname };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // The screen will not hydrate: its taps are no longer kept for it (press-early-tap.tsx).
    window.sfogliaEarlyTap?.stop();
    reportError(error.message, { componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (this.state.failedAt !== null && this.state.failedAt === this.props.pathname) {
      return (
        <div className="narrow">
          <h1>Sorry, something went wrong</h1>
          <p>This page could not be shown. Try again, or start from the home page.</p>
          <p>
            <a href={this.props.pathname}>Try again</a> · <a href="/">Go to the home page</a>
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
