/** Catches what a screen throws, reports it, and offers a way back instead of a blank panel. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import type { ErrorReporter } from '../api/reporting';
import { ERROR_MESSAGES } from '../api/errors';

/** What shows in place of a screen that failed, in the owner's language (the boundary sits inside the catalogs). */
function FailureNotice() {
  const { t } = useLingui();
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__body">{t(ERROR_MESSAGES.generic)}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        <Trans>Refresh</Trans>
      </button>
    </div>
  );
}

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
    return <FailureNotice />;
  }
}
