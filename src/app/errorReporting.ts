/**
 * Error reporting (SPEC section 9): @sentry/react with the spec's sample rates and masking, under the environment
 * the server injects (the panel config's `environment`; 'production' by default). With
 * no DSN configured, reporting is off. The service's code is a chunk of its own, fetched only when a DSN is
 * set, so the dashboard does not pay for it otherwise; what is reported before it arrives is kept and sent.
 */
import type { ErrorReporter } from '../api/reporting';
import { silentReporter } from '../api/reporting';
import type { PanelConfig } from '../config';

type Report = (reporter: ErrorReporter) => void;

export function createErrorReporter(config: Pick<PanelConfig, 'sentryDsn' | 'environment'>): ErrorReporter {
  const dsn = config.sentryDsn;
  if (!dsn) return silentReporter;
  let service: ErrorReporter | null = null;
  const queued: Report[] = [];
  import(/* webpackChunkName: "error-reporting" */ './sentry')
    .then(({ startSentry }) => {
      service = startSentry(dsn, config.environment);
      queued.splice(0).forEach((report) => report(service as ErrorReporter));
    })
    .catch(() => {
      queued.length = 0;
    });
  const send = (report: Report) => (service ? report(service) : queued.push(report));
  return {
    exception: (error, context) => send((reporter) => reporter.exception(error, context)),
    shownToUser: (message, context) => send((reporter) => reporter.shownToUser(message, context)),
  };
}
