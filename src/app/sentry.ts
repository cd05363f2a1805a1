import * as Sentry from '@sentry/react';
import type { ErrorReporter } from '../api/reporting';
import type { PanelConfig } from '../config';
import { ERROR_REPORTING } from '../../core/rules/constants';
import { scrubSecrets } from './scrubSecrets';

/** Reports under the environment the server configured (SPEC 9's 'production' is the default it injects). */
export function startSentry(dsn: string, environment: PanelConfig['environment']): ErrorReporter {
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
    replaysSessionSampleRate: ERROR_REPORTING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING.replaysOnErrorSampleRate,
    // Tokens, e-mail addresses and card data never leave the browser in a report. Traces are streamed span by
    // span (the SDK's default trace lifecycle), which only beforeSendSpan sees: beforeSendTransaction never runs.
    beforeSend: (event) => scrubSecrets(event),
    beforeSendSpan: (span) => scrubSecrets(span),
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({
        maskAllText: ERROR_REPORTING.maskAllText,
        blockAllMedia: ERROR_REPORTING.blockAllMedia,
      }),
    ],
  });
  return {
    exception: (error, context) => Sentry.captureException(error, { extra: context }),
    shownToUser: (message, context) =>
      Sentry.captureMessage(message, { level: 'warning', tags: { shown_to_user: true }, extra: context }),
  };
}
