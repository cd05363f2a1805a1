/**
 * The machine-readable codes of the server's failures: every error body carries one beside its English `message`
 * (`{error: {code, message, status}}`), so the panel can word a known failure in the user's language. One code per
 * situation: a message that carries a value (a limit's names, the field a body got wrong, the support address)
 * keeps one code whatever the value. A code never changes once published; a new situation gets a new code.
 * Plain values, no zod: the panel imports this file directly. What each code means, with its status, is in the
 * OpenAPI document (server/openapi/errorCodeDocs.ts).
 */
export const API_ERROR_CODES = [
  // ------------------------------------------------------------------ the request itself
  'validation_failed',
  'invalid_json',
  'bad_request',
  'json_only',
  'body_too_large',
  'not_found',
  'rate_limited',
  'internal',
  // ------------------------------------------------------------------ who asks
  'invalid_identity',
  'identity_unavailable',
  'invalid_session',
  'token_expired',
  'not_owner',
  'legacy_plan',
  'forbidden',
  // ------------------------------------------------------------------ the account
  'no_subscription',
  'no_customer',
  'site_unknown',
  'next_charge_unavailable',
  // ------------------------------------------------------------------ retries and concurrent writes
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  'change_in_progress',
  // ------------------------------------------------------------------ the dashboard's writes
  'card_not_confirmed',
  'already_canceled',
  'cancellation_in_progress',
  'redirect_invalid',
  'billing_contact_invalid',
  'tax_id_invalid',
  'auto_billing_cancelling',
  'auto_billing_grace',
  'auto_billing_over_limits',
  'auto_billing_inactive',
  // ------------------------------------------------------------------ plan changes
  'card_required',
  'current_plan',
  'plan_change_pending',
  'preview_expired',
  'proration_date_in_future',
  'period_mismatch',
  'plan_not_available',
  'addon_not_available',
  'subscription_running',
  'coupon_not_found',
  'coupon_not_swappable',
  'no_discount',
  'nothing_due',
  // ------------------------------------------------------------------ the payment provider
  'card_declined',
  'provider_refused',
  'provider_not_found',
  'provider_unavailable',
  // ------------------------------------------------------------------ domains
  'feature_not_offered',
  'domain_invalid',
  'domain_on_platform',
  'domain_held',
  'domain_claimed',
  'sending_domain_needs_custom_domain',
  'sending_domain_needs_proof',
  'no_sending_domain',
  'sending_domain_held',
  'mail_provider_unavailable',
  'registrar_staff_only',
  'registrar_not_enabled',
  'registrar_unavailable',
  // ------------------------------------------------------------------ the platform API (server to server)
  'platform_key_required',
  'platform_key_invalid',
  'admin_url_taken',
  'subdomain_taken',
  'user_id_taken',
  'email_taken',
  'catalog_price_mismatch',
  'catalog_price_changed',
  'currency_not_offered',
  'currency_in_use',
  // ------------------------------------------------------------------ the payment provider's webhooks
  'webhook_signature_invalid',
  'webhook_secret_missing',
  // ------------------------------------------------------------------ the demo's own routes (never in production)
  'demo_sandbox_only',
  'demo_unknown_scenario',
  'demo_dns_outside_zones',
  'demo_dns_value_invalid',
  'demo_dns_no_record',
  'demo_domain_not_for_sale',
  'demo_domain_taken',
  'demo_host_sdk_not_built',
  'demo_injected_fault',
  'demo_domain_not_in_grace',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** Whether a value is one of the codes: a newer server may send one this build does not know. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}
