import * as Sentry from '@sentry/react';
import type { ErrorReporter } from '../api/reporting';
import { ERROR_REPORTING } from '../lib/constants';

export function startSentry(dsn: string): ErrorReporter {
  Sentry.init({
    dsn,
    environment: ERROR_REPORTING.environment,
    tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
    replaysSessionSampleRate: ERROR_REPORTING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING.replaysOnErrorSampleRate,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: ERROR_REPORTING.maskAllText, blockAllMedia: ERROR_REPORTING.blockAllMedia }),
    ],
  });
  return {
    exception: (error, context) => Sentry.captureException(error, { extra: context }),
    shownToUser: (message, context) =>
      Sentry.captureMessage(message, { level: 'warning', tags: { shown_to_user: true }, extra: context }),
  };
}
