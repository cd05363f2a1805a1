/**
 * Failures every route answers with: a status and `{error: {code, message, status}}` (the contract's apiErrorSchema).
 * The HTTP layer's own refusals (a route's, the hardening's, the rate limits') are thrown as
 * `new ApiError(status, code, message)`; a service's are DomainErrors (domainErrors.ts), answered with the status
 * of their kind. The code says what happened (core/contract/errorCodes.ts, for the panel to word it), the message
 * says it in English, as the spec words it.
 */
import type { ApiErrorBody, ApiErrorCode } from '../../core/contract';
import { DomainError, type RefusalKind } from '../domainErrors';

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

const STATUS_OF_REFUSAL: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  upstream_failed: 502,
  unavailable: 503,
};

export function errorBody(status: number, code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message, status } };
}

/** A refusal's answer: an ApiError's own status, a DomainError's by its kind; undefined for any other error. */
export function refusalAnswer(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (!(error instanceof ApiError || error instanceof DomainError)) return undefined;
  const status = error instanceof ApiError ? error.status : STATUS_OF_REFUSAL[error.kind];
  return { status, body: errorBody(status, error.code, error.message) };
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
