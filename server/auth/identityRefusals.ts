/**
 * Why the identity verifier (identity.ts) refuses a token: the reason its log line names, and the answer the call
 * gets for it. A token that is not a billing identity is told so; an admin whose keys could not be read is a
 * transient failure the panel may retry, not a bad token.
 */
import { errors } from 'jose';
import type { ApiErrorCode } from '../../core/contract';
import { messages, type RefusalKind } from '../domainErrors';
import { AdminAddressRefused } from './keySetDownloads';

/** The JWKS could not be fetched or read: a timeout, a network error, a non-200 answer or a broken document. */
function isKeySetUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  // jose reports a non-200 answer and unparsable JSON with its generic error class.
  return error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC';
}

/** Why a token was refused, as the log says it, and the answer it gets. */
export interface IdentityRefusal {
  reason: string;
  kind: RefusalKind;
  code: ApiErrorCode;
  message: string;
}

const invalid = (reason: string): IdentityRefusal => ({
  reason,
  kind: 'unauthenticated',
  code: 'invalid_identity',
  message: messages.invalidIdentity,
});
export const refusals = {
  malformed: invalid('malformed'),
  algorithm: invalid('algorithm'),
  claims: invalid('claims'),
  issuerUnknown: invalid('issuer_unknown'),
  signature: invalid('signature'),
  unknownKey: invalid('unknown_key'),
  // The admin's name resolved to an address production does not connect to: nothing was fetched.
  adminAddress: invalid('admin_address_refused'),
  expired: { reason: 'expired', kind: 'unauthenticated', code: 'token_expired', message: messages.tokenExpired },
  // Signed by the site, but for another service (or none named): not a billing identity.
  audience: { reason: 'audience', kind: 'forbidden', code: 'not_owner', message: messages.ownerOnly },
  issuerOutsidePlatform: {
    reason: 'issuer_outside_platform',
    kind: 'forbidden',
    code: 'not_owner',
    message: messages.ownerOnly,
  },
  // The host's keys could not be read: a transient failure the panel may retry, not a bad token.
  keySetUnavailable: {
    reason: 'key_set_unavailable',
    kind: 'unavailable',
    code: 'identity_unavailable',
    message: messages.identityUnavailable,
  },
} satisfies Record<string, IdentityRefusal>;

/** What jose's refusal of a token means here. */
export function refusalOf(error: unknown): IdentityRefusal {
  if (error instanceof errors.JWTExpired) return refusals.expired;
  if (error instanceof errors.JWTClaimValidationFailed)
    return error.claim === 'aud' ? refusals.audience : refusals.claims;
  if (error instanceof errors.JWSSignatureVerificationFailed) return refusals.signature;
  if (error instanceof errors.JWKSNoMatchingKey) return refusals.unknownKey;
  if (error instanceof AdminAddressRefused) return refusals.adminAddress;
  if (isKeySetUnavailable(error)) return refusals.keySetUnavailable;
  return refusals.claims;
}
