/**
 * What each error code means, with the statuses it comes with: the description of the `ApiErrorCode` component of
 * the OpenAPI document. Typed by the code list (core/contract/errorCodes.ts), so a new code cannot go undocumented.
 */
import type { ApiErrorCode } from '../../core/contract';

export const errorCodeDocs: Record<ApiErrorCode, string> = {
  validation_failed:
    '400: the body is not what the call contract takes; the message names the first problem and its field.',
  invalid_json: '400: the body is not valid JSON, or is empty.',
  bad_request: '400 (or another 4xx): a request the server could not read otherwise.',
  json_only: '415: the body was not sent as `application/json`.',
  body_too_large: '413: the body is larger than the server takes.',
  not_found: '404: no such call, or nothing to act on.',
  rate_limited: '429: too many requests; wait a minute (docs/deploy.md "Rate limits").',
  internal: '500: a failure of the server; the message is the generic one.',
  invalid_identity: "401: billing-session's identity token is not the host's, or not valid.",
  identity_unavailable: "503: the site's keys could not be fetched to check the identity token; try again.",
  invalid_session: '401: no valid billing session token (or one whose user is gone).',
  token_expired:
    '401: the billing session token, or the identity token, has expired (`Token has expired`): open a new session.',
  not_owner: "403: the user is not the site's owner (`Only the site owner can access billing information.`).",
  legacy_plan: '403: the site is on a special legacy plan; the message names the support address.',
  forbidden: "403: an id in `data` is not the session's site's own, or does not exist (the two are not told apart).",
  no_subscription: '404 or 409: the site has no subscription to act on.',
  no_customer: '409: the site has no billing account yet.',
  site_unknown:
    "404: the site the panel's address or the session names was removed by its platform (or never existed): billing-session and every account call answer it, and the panel says the site was removed.",
  next_charge_unavailable:
    "get-next-charge: the payment provider's preview failed; the status is the provider's (`Error fetching invoice preview`).",
  idempotency_key_invalid: '400: the `idempotency-key` header is not 1 to 255 printable characters.',
  idempotency_key_reused: '400: the idempotency key was first used with other parameters.',
  idempotency_key_in_progress: '409: a request with the same idempotency key is still being processed.',
  change_in_progress: '409: another change of the subscription is still being processed.',
  card_not_confirmed: '409: the setup intent was not confirmed with the payment provider.',
  already_canceled: '409: the subscription is already canceled.',
  cancellation_in_progress: '409: the subscription is being canceled now.',
  redirect_invalid:
    "400: get-stripe-portal-url's return address is not a page of the site's admin (its admin URL's origin or one of its admin origins).",
  billing_contact_invalid: '400: the billing contact is not an e-mail address.',
  tax_id_invalid:
    "400: the tax ID is not of its type's format (core/rules/taxIds.ts), or the payment provider refused it.",
  auto_billing_cancelling: '409: automatic billing cannot change while the subscription is set to cancel.',
  auto_billing_grace: '409: automatic billing cannot change while a payment is overdue.',
  auto_billing_over_limits:
    "409: automatic billing cannot change while the site is over its plan's limits; the message names them.",
  auto_billing_inactive: '409: automatic billing can only change on an active subscription.',
  card_required: '400: the change needs a card on file (`Add a card to continue`).',
  current_plan: '400: the plan asked for is the current one.',
  plan_change_pending: '409: a plan change is waiting for its payment.',
  preview_expired: "400: the preview's proration date is too old: preview again.",
  proration_date_in_future: '400: the proration date is in the future.',
  period_mismatch: '400: a price is not of the billing period asked for.',
  plan_not_available:
    "400: the plan is not offered to this site; from PUT /platform/v1/sites/{siteId}, the trial's price is not an active base-plan price offered to new sites.",
  addon_not_available: '400: an add-on is not offered with the chosen plan.',
  subscription_running: '409: the subscription is running: change its plan instead of activating it.',
  coupon_not_found: '400 or 404: no such coupon.',
  coupon_not_swappable: '403: the coupon cannot replace the current discount.',
  no_discount: '409: there is no discount to change.',
  nothing_due: '409: there is no payment due.',
  card_declined: "402: the payment provider declined the card; the message is the provider's.",
  provider_refused: '4xx: the payment provider refused the request.',
  provider_not_found: '404: the payment provider has no such object.',
  provider_unavailable: '502: the payment provider failed or could not be reached; try again.',
  domain_invalid: '400: not a valid domain name.',
  domain_on_platform: "400: the domain is under the platform's own domain.",
  domain_held: '409: the domain is connected to another site.',
  domain_claimed:
    "409: another site saved the domain without proving it; prove it (the message names this site's TXT record) and ask again to take it.",
  sending_domain_needs_custom_domain: '400: a sending domain needs a custom domain first.',
  sending_domain_needs_proof: '409: the custom domain is not proven yet; no sending domain is made before.',
  no_sending_domain: '404: the site has no custom sending domain.',
  sending_domain_held: '409: the sending domain is used by another site.',
  mail_provider_unavailable: '502: the mail provider (or DNS) could not be reached; try again.',
  registrar_staff_only: "404: the registrar's purchase widget is for staff accounts only.",
  feature_not_offered:
    '404: the platform does not offer this feature (custom domains, custom sending domains or domain purchase: CUSTOM_DOMAINS_ENABLED, SENDING_DOMAINS_ENABLED, DOMAIN_PURCHASE_ENABLED); the message names it.',
  registrar_not_enabled: '409: the domain purchase integration is not enabled.',
  registrar_unavailable: '502: the registrar could not issue a token (`Error enabling Entri integration`).',
  platform_key_required: '401: a platform API call without `Authorization: Bearer <key>` (docs/platform-api.md).',
  platform_key_invalid: '401: a platform API call whose key is none of PLATFORM_API_KEYS.',
  admin_url_taken:
    "409: PUT /platform/v1/sites/{siteId} names an admin URL another site has (a removed site's included).",
  subdomain_taken:
    "409: PUT /platform/v1/sites/{siteId} makes a site with a subdomain another site has (a removed site's included): a subdomain is one site's for good, the target its custom domains' CNAME proof points at.",
  user_id_taken: '409: PUT /platform/v1/sites/{siteId} names a user id that is a user of another site.',
  email_taken:
    "409: PUT /platform/v1/sites/{siteId} gives a user (named by id) an e-mail another user of the site has, a removed one's included.",
  catalog_price_mismatch:
    '400: PUT /platform/v1/catalog names a price the card provider does not have, or has at another amount, currency or interval (the message names the price and what differs).',
  catalog_price_changed:
    '400: PUT /platform/v1/catalog changes the amount, currency or interval of a price the catalogue has under that id: a price never changes in place; name a new price.',
  currency_not_offered: '400: PUT /platform/v1/sites/{siteId} names a currency the catalogue prices no plan in.',
  currency_in_use:
    "409: PUT /platform/v1/sites/{siteId} changes the currency of a site whose subscription is billed in another (a card provider's customer pays in one currency).",
  webhook_signature_invalid: "400 (POST /webhooks/payments): the event's signature does not hold.",
  webhook_secret_missing: '400 (POST /webhooks/payments): no webhook secret is configured.',
  demo_sandbox_only: '409, demo only: the clock control moves the payment sandbox only.',
  demo_unknown_scenario: '404, demo only: no such scenario.',
  demo_dns_outside_zones: "400, demo only: the name is not in the scenario's domains.",
  demo_dns_value_invalid: '400, demo only: not a valid value for the record type.',
  demo_dns_no_record: '404, demo only: no such record.',
  demo_domain_not_for_sale: '400, demo only: the registrar sandbox does not sell that domain.',
  demo_domain_taken: '409, demo only: that domain is taken.',
  demo_host_sdk_not_built: '500, demo only: the host SDK is not built.',
  demo_injected_fault: 'any status, demo and tests only: a fault injected at /__test/faults.',
  demo_domain_not_in_grace:
    "409, demo only: the site's custom domain is not in a grace period, so there is no end of one to move to.",
};

/** The component's description: the codes as a list, each with what it means. */
export function errorCodesDescription(): string {
  const lines = Object.entries(errorCodeDocs).map(([code, meaning]) => `- \`${code}\`: ${meaning}`);
  return [
    'What a failure is, for a client to word it in its own language; `message` says it in English. A message that',
    'carries a value (a field, a limit, an address) keeps one code whatever the value. Codes are never renamed.',
    '',
    ...lines,
  ].join('\n');
}
