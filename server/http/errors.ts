/** Failures every route answers with: a status and `{error: {message, status}}` (the contract's apiErrorSchema). */
import { EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, legacyPlanMessage, NOT_OWNER_MESSAGE, type ApiErrorBody } from '../../core/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(status: number, message: string): ApiErrorBody {
  return { error: { message, status } };
}

/** The user-facing messages of the server, in one place (those the panel matches on are the contract's). */
export const messages = {
  ownerOnly: NOT_OWNER_MESSAGE,
  tokenExpired: EXPIRED_TOKEN_MESSAGE,
  invalidSession: 'Invalid session',
  invalidIdentity: 'Invalid identity token',
  identityUnavailable: "Could not verify the identity token: the site's keys are unreachable. Try again.",
  /** Same answer for another site's ids and for ids that do not exist: it must not tell them apart. */
  forbidden: 'You do not have access to this resource.',
  noSubscription: 'This site has no subscription.',
  noCustomer: 'This site has no billing account yet.',
  /** SPEC 8 "Generic defaults": the upcoming invoice is the provider's invoice preview */
  nextChargeUnavailable: 'Error fetching invoice preview',
  notFound: 'Not found',
  /** The panel retries a 429 after 1, 2 then 4 s (SPEC 7) and then shows its generic message. */
  tooManyRequests: 'Too many requests: wait a minute, then try again.',
  jsonOnly: 'The request body must be JSON, sent with the content type application/json.',
  internal: GENERIC_MESSAGE,
  legacy: legacyPlanMessage,
} as const;
