/**
 * Failures every route answers with: a status and `{error: {code, message, status}}` (the contract's apiErrorSchema).
 * A refusal is thrown as `new ApiError(status, code, message)`: the code says what happened (core/contract/errorCodes.ts,
 * for the panel to word it), the message says it in English, as the spec words it.
 */
import {
  EXPIRED_TOKEN_MESSAGE, GENERIC_MESSAGE, legacyPlanMessage, NOT_OWNER_MESSAGE, type ApiErrorBody, type ApiErrorCode,
} from '../../core/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(status: number, code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message, status } };
}

/** Fastify's own refusals of a request it could not read, by its error code. */
const FASTIFY_ERROR_CODES: Readonly<Record<string, ApiErrorCode>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'json_only',
};

/** The code of a 4xx the server did not word itself (Fastify's: malformed JSON, a body too large, ...). */
export function requestErrorCode(error: unknown): ApiErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' ? FASTIFY_ERROR_CODES[code] : undefined) ?? 'bad_request';
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
