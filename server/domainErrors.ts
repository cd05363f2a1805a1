/**
 * The refusals of the server's services, in their own words: what kind of refusal it is, its code
 * (core/contract/errorCodes.ts, for the panel to word it) and its English message. Services, repositories and
 * providers throw a DomainError and know nothing of HTTP; the routes' one error hook (app.ts) answers it with the
 * status its kind maps to (http/errors.ts).
 */
import {
  EXPIRED_TOKEN_MESSAGE,
  GENERIC_MESSAGE,
  legacyPlanMessage,
  NOT_OWNER_MESSAGE,
  type ApiErrorCode,
} from '../core/contract';

/** Why the service refused: the request's values, who asks, a declined card, a missing thing, a clash, or a service it needs. */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'declined'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** a service it relies on (the card provider, the mail provider, the registrar) failed or answered nonsense */
  | 'upstream_failed'
  /** a service it relies on cannot be reached now; worth trying again */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
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
  /** A removed site and one that never existed answer alike. */
  siteUnknown: 'This site was removed: its billing and domain settings are no longer available.',
  /** SPEC 8 "Generic defaults": the upcoming invoice is the provider's invoice preview */
  nextChargeUnavailable: 'Error fetching invoice preview',
  notFound: 'Not found',
  /** a call of a feature the platform does not offer (config/serverConfig.ts Features); the panel shows no screen that makes one */
  featureNotOffered: {
    customDomains: 'Custom domains are not offered on this platform.',
    sendingDomains: 'Custom sending domains are not offered on this platform.',
    domainPurchase: 'Domain purchase is not offered on this platform.',
  },
  /** The panel retries a 429 after 1, 2 then 4 s (SPEC 7) and then shows its generic message. */
  tooManyRequests: 'Too many requests: wait a minute, then try again.',
  jsonOnly: 'The request body must be JSON, sent with the content type application/json.',
  internal: GENERIC_MESSAGE,
  legacy: legacyPlanMessage,
  /** get-stripe-portal-url (billing/portalReturn.ts) */
  portalReturnNotOnAdmin: "The return address must be a page of this site's admin.",
  /** the platform API (docs/platform-api.md), which only a platform's backend calls */
  platformKeyRequired: 'The platform API needs a platform key: Authorization: Bearer <key>.',
  platformKeyInvalid: 'The platform key is not valid.',
  adminUrlTaken: 'Another site has this admin URL.',
  subdomainTaken: 'Another site has this subdomain (a removed site keeps its own): choose another.',
  userIdTaken: 'A user of another site has this id.',
  emailTaken: 'Another user of this site has this e-mail address.',
  trialPlanNotAvailable: 'The trial plan is not an active base-plan price offered to new sites.',
  currencyNotOffered: 'The catalogue prices no plan in this currency',
  currencyInUse:
    "The site's subscription is billed in another currency: a site keeps its currency while it has a subscription.",
  /** billing-session from a browser page that is not the panel's own */
  foreignOrigin: 'Only the panel itself may open a billing session from a browser.',
} as const;
