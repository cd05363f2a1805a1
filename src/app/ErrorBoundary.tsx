/** Catches what a screen throws, reports it, and offers a way back instead of a blank panel. */
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import type { ErrorReporter } from '../api/reporting';
import { GENERIC_MESSAGE } from '../api/errors';

interface Props {
  reporter: ErrorReporter;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.reporter.exception(error, { componentStack: info.componentStack });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice notice--error" role="alert">
        <p className="notice__body">{GENERIC_MESSAGE}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Refresh
        </button>
      </div>
    );
  }
}
