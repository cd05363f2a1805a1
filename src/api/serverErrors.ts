/**
 * The server's failures in the owner's language: every error body carries a code beside its English message
 * (`{error: {code, message, status}}`, core/contract/errorCodes.ts). A code listed here is shown in the catalog's
 * words, whose English is the server's message for that code, word for word (serverErrors.test.ts pins each one to
 * the server's own); any other code (one whose message is the words of someone else, a developer's, the demo's, or
 * one a newer server sends) and a failure without a code show the server's message as it is.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
// The plain list, without the contract's zod schemas.
import { isApiErrorCode, type ApiErrorCode } from '../../core/contract/errorCodes';
import { CALL_FAILURE_MESSAGES, ERROR_MESSAGES } from './errors';
import { verbatimText, type ErrorText } from './errorText';

/**
 * How the catalog words a code: a message, or, for a message that carries a value (an address, limit names), a
 * function that takes the value out of the server's message (null when it is not there: the server's words then).
 */
type ServerWording = MessageDescriptor | ((serverMessage: string) => MessageDescriptor | null);

/** The value a message ends or is wrapped with, out of the server's English: the first group of `pattern`. */
function valueIn(serverMessage: string, pattern: RegExp): string | null {
  return pattern.exec(serverMessage)?.[1] ?? null;
}

/** What an off feature's calls answer (server/domainErrors.ts `featureNotOffered`): the server names the feature. */
const FEATURE_NOT_OFFERED: Readonly<Record<string, MessageDescriptor>> = {
  'Custom domains are not offered on this platform.': msg`Custom domains are not offered on this platform.`,
  'Custom sending domains are not offered on this platform.': msg`Custom sending domains are not offered on this platform.`,
  'Domain purchase is not offered on this platform.': msg`Domain purchase is not offered on this platform.`,
};

/**
 * Every code, with its wording in the catalog or null for the server's own words. A new code in the contract
 * fails the type check here until it is given one or the other.
 */
export const SERVER_ERROR_MESSAGES: Readonly<Record<ApiErrorCode, ServerWording | null>> = {
  // ------------------------------------------------------------------ the request itself
  // What a body got wrong, in a developer's words (the field and the problem), and Fastify's own refusals.
  validation_failed: null,
  invalid_json: null,
  bad_request: null,
  json_only: msg`The request body must be JSON, sent with the content type application/json.`,
  body_too_large: null,
  not_found: msg`Not found`,
  rate_limited: msg`Too many requests: wait a minute, then try again.`,
  internal: ERROR_MESSAGES.generic,
  // ------------------------------------------------------------------ who asks
  invalid_identity: msg`Invalid identity token`,
  identity_unavailable: msg`Could not verify the identity token: the site's keys are unreachable. Try again.`,
  invalid_session: msg`Invalid session`,
  token_expired: msg`Token has expired`,
  not_owner: ERROR_MESSAGES.notOwner,
  legacy_plan: (serverMessage) => {
    const supportEmail = valueIn(serverMessage, /reach out to us at (\S+)\.$/);
    return supportEmail === null
      ? null
      : msg`This site is on a special legacy plan. If you need to make any billing or domain changes, reach out to us at ${supportEmail}.`;
  },
  forbidden: msg`You do not have access to this resource.`,
  // ------------------------------------------------------------------ the account
  // The demo's clock control words this code its own way ('... no subscription to renew.'): not a call of the panel.
  no_subscription: msg`This site has no subscription.`,
  no_customer: msg`This site has no billing account yet.`,
  site_unknown: ERROR_MESSAGES.siteRemoved,
  next_charge_unavailable: CALL_FAILURE_MESSAGES['get-next-charge']!,
  // ------------------------------------------------------------------ retries and concurrent writes
  idempotency_key_invalid: msg`The idempotency-key header must be 1 to 255 printable characters.`,
  idempotency_key_reused: msg`Keys for idempotent requests can only be used with the same parameters they were first used with.`,
  idempotency_key_in_progress: msg`Another request with this idempotency key is still being processed. Try again later.`,
  change_in_progress: msg`Another change is still being processed. Try again in a moment.`,
  // ------------------------------------------------------------------ the dashboard's writes
  card_not_confirmed: msg`This card has not been confirmed with the payment provider yet. Enter the card again.`,
  already_canceled: msg`This subscription is already canceled.`,
  cancellation_in_progress: msg`This subscription is being canceled.`,
  redirect_invalid: msg`The return address must be a page of this site's admin.`,
  billing_contact_invalid: msg`Enter a valid email address`,
  tax_id_invalid: null,
  auto_billing_cancelling: msg`Automatic billing cannot be changed while the subscription is set to cancel. Reactivate it first.`,
  auto_billing_grace: msg`Automatic billing cannot be changed while a payment is overdue. Update your payment method first.`,
  auto_billing_over_limits: (serverMessage) => {
    // The limits' names as the server lists them ('staff, members'): names of the contract, not words.
    const limits = valueIn(serverMessage, /\(([^)]*)\)/);
    return limits === null
      ? null
      : msg`Automatic billing cannot be changed while the site is over its plan's limits (${limits}). Choose a plan that fits first.`;
  },
  auto_billing_inactive: msg`Automatic billing can only be changed on an active subscription. Update your plan or payment method first.`,
  // ------------------------------------------------------------------ plan changes
  card_required: msg`Add a card to continue`,
  current_plan: msg`This is your current plan. Choose a different period or plan.`,
  plan_change_pending: msg`A plan change is waiting for its payment. Complete the payment authorization first.`,
  preview_expired: msg`The price shown has expired. Review the amount to be billed and confirm again.`,
  proration_date_in_future: msg`The proration date is in the future.`,
  period_mismatch: msg`Every selected price must be for the billing period asked for.`,
  plan_not_available: msg`This plan is not available for your site.`,
  addon_not_available: msg`This add-on is not available with the chosen plan.`,
  subscription_running: msg`This subscription is running: change its plan instead.`,
  coupon_not_found: msg`No such coupon.`,
  coupon_not_swappable: msg`This coupon cannot replace the current discount.`,
  no_discount: msg`There is no discount to change.`,
  nothing_due: msg`There is no payment due.`,
  // ------------------------------------------------------------------ the payment provider
  // A declined card and a refusal carry the provider's own words.
  card_declined: null,
  provider_refused: null,
  provider_not_found: msg`The payment provider has no such object.`,
  provider_unavailable: msg`The payment provider could not complete the request. Try again or contact support.`,
  // ------------------------------------------------------------------ domains
  // The panel offers no screen of a feature that is off (FeatureNotOffered.tsx): only an old page would call one.
  feature_not_offered: (serverMessage) => FEATURE_NOT_OFFERED[serverMessage] ?? null,
  domain_invalid: msg`Enter a valid domain`,
  domain_on_platform: (serverMessage) => {
    const proDomain = valueIn(serverMessage, /should not end in (\S+)$/);
    return proDomain === null ? null : msg`External domains should not end in ${proDomain}`;
  },
  domain_held: msg`This domain is already connected to another site. Remove it there first, or contact support.`,
  domain_claimed: (serverMessage) => {
    const proofName = valueIn(serverMessage, /add a TXT record at (\S+) with/);
    const proofValue = valueIn(serverMessage, /with the value (\S+), then/);
    if (proofName === null || proofValue === null) return null;
    return msg`Another site saved this domain without proving it is theirs. If it is yours, add a TXT record at ${proofName} with the value ${proofValue}, then try again: the site that proves a domain gets it.`;
  },
  sending_domain_needs_custom_domain: msg`Set up a custom domain before a custom sending domain.`,
  sending_domain_needs_proof: msg`Activate your custom domain before a custom sending domain: its DNS records prove the domain is yours.`,
  no_sending_domain: msg`This site has no custom sending domain.`,
  sending_domain_held: msg`This sending domain is already used by another site. Contact support.`,
  mail_provider_unavailable: msg`Unable to reach the mail provider. Try again in a minute.`,
  registrar_staff_only: msg`Domain purchase is available to staff accounts only.`,
  registrar_not_enabled: msg`Enable the domain purchase integration first.`,
  registrar_unavailable: CALL_FAILURE_MESSAGES['enable-entri']!,
  // ------------------------------------------------------------------ never an answer to the panel
  // The platform API's: the panel never calls it.
  platform_key_required: null,
  platform_key_invalid: null,
  admin_url_taken: null,
  subdomain_taken: null,
  user_id_taken: null,
  email_taken: null,
  catalog_price_mismatch: null,
  catalog_price_changed: null,
  currency_not_offered: null,
  currency_in_use: null,
  webhook_signature_invalid: null,
  webhook_secret_missing: null,
  demo_sandbox_only: null,
  demo_unknown_scenario: null,
  demo_dns_outside_zones: null,
  demo_dns_value_invalid: null,
  demo_dns_no_record: null,
  demo_domain_not_for_sale: null,
  demo_domain_taken: null,
  demo_host_sdk_not_built: null,
  demo_injected_fault: null,
  demo_domain_not_in_grace: null,
};

/**
 * What the server said, for the owner: the catalog's words for a code listed above, else the server's message as
 * it is. Pass a call's CallFailure (its `code` and `detail`); store the result in a slice or translate it at render
 * (useErrorText).
 */
export function serverErrorText(failure: { code: string | null; detail: string }): ErrorText {
  const wording = failure.code !== null && isApiErrorCode(failure.code) ? SERVER_ERROR_MESSAGES[failure.code] : null;
  const descriptor = typeof wording === 'function' ? wording(failure.detail) : wording;
  return descriptor ?? verbatimText(failure.detail);
}
