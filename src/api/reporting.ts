/** The error-reporting seam: the app plugs in the service (or nothing); the transport and features only report. */
export interface ErrorReporter {
  /** A bug or an unexpected failure. */
  exception(error: unknown, context?: Record<string, unknown>): void;
  /** A message the user was shown: reported as a warning tagged shown_to_user. */
  shownToUser(message: string, context?: Record<string, unknown>): void;
}

export const silentReporter: ErrorReporter = {
  exception: () => undefined,
  shownToUser: () => undefined,
};
