/**
 * The server's own error reports (docs/deploy.md "Error reports"): with SENTRY_DSN set, every request that fails
 * with a 5xx is sent to the error service through @sentry/node, tagged with its request id, after the logs'
 * redaction (http/logging.ts redactReport). Without SENTRY_DSN nothing is loaded: the SDK is imported only when a
 * DSN is configured, so an unset DSN leaves no hook, no integration and no connection behind.
 */
import { redactReport } from '../http/logging';

export interface ErrorReports {
  capture(error: unknown, requestId: string): void;
  /** sends what is queued (2 s at most) */
  close(): Promise<void>;
}

/** How long closing waits for the queued reports. */
const FLUSH_TIMEOUT_MS = 2000;

export async function startErrorReports(dsn: string | null, environment: string): Promise<ErrorReports | null> {
  if (dsn === null) return null;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment,
    // Errors only: tracing is OpenTelemetry's (docs/deploy.md "Tracing"), and the SDK's own would compete with it.
    tracesSampleRate: 0,
    enableOpenTelemetrySetup: false,
    // Nothing of the request beyond its method and URL: its body, headers, cookies and query carry tokens and addresses.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Only what the error handler sends: the SDK's own capture of Fastify's and the process's errors would report
    // each failure a second time without its request id (the first then wins, the copy is dropped as a duplicate).
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration()],
    beforeSend: (event) => redactReport(event),
    beforeBreadcrumb: (breadcrumb) => redactReport(breadcrumb),
  });
  return {
    capture: (error, requestId) => {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', requestId);
        Sentry.captureException(error);
      });
    },
    close: async () => {
      await Sentry.close(FLUSH_TIMEOUT_MS);
    },
  };
}
