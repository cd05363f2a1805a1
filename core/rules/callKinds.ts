/** Whether each call of the contract reads or writes: what the panel's retries and the server's rate limits follow. */
import type { CallName } from '../contract';

/**
 * A read changes nothing that sending it twice would repeat; a write may create, charge or change something.
 * The transport retries a write only when it carries an idempotency key: without one, a reply lost on the way
 * back would make a retry do the work twice.
 */
export type CallKind = 'read' | 'write';

/**
 * Typed over every call name, so a call added to the contract does not compile until it is classified here. The
 * panel's transport decides its retries by it (src/api/call.ts), the server its rate limits (server/http/rateLimits.ts)
 * and the OpenAPI document its tags.
 */
export const callKinds: Record<CallName, CallKind> = {
  // Exchanging a token changes nothing the customer owns: a second exchange only issues another token.
  'billing-session': 'read',
  'get-billing-data': 'read',
  'get-subscription': 'read',
  'get-current-site': 'read',
  'get-current-site-limits': 'read',
  'get-current-plan': 'read',
  'get-invoice-details': 'read',
  'get-invoices': 'read',
  'get-latest-invoice': 'read',
  // Reading a document: the provider's file, or the sandbox's made afresh from the same rows each time.
  'invoice-pdf': 'read',
  'get-discount-details': 'read',
  'get-customer-balance': 'read',
  'get-account-info': 'read',
  'get-next-charge': 'read',
  // A portal link is a short-lived session at the provider: a second one costs nothing.
  'get-stripe-portal-url': 'read',
  'payment-method': 'read',
  'setup-card': 'write',
  'update-card': 'write',
  'add-invoice-details': 'write',
  'update-billing-contact': 'write',
  cancel: 'write',
  'cancel-background': 'write',
  'update-auto-billing': 'write',
  'get-invoice-preview': 'read',
  'get-coupon-details': 'read',
  'change-subscription': 'write',
  'activate-subscription': 'write',
  'update-discount': 'write',
  'create-payment-intent': 'write',
  // Domains: the checks look again at what DNS and the providers say now; sending them twice repeats nothing.
  'check-domain': 'read',
  'lookup-nameserver': 'read',
  'check-domain-dns': 'read',
  'get-sending-domain-records': 'read',
  'check-sending-domain': 'read',
  'verify-sending-domain': 'read',
  // A registrar token is a short-lived session like a portal link: a second one costs nothing.
  'get-entri-token': 'read',
  'update-domain': 'write',
  'activate-domain': 'write',
  'setup-sending-domain': 'write',
  'remove-sending-domain': 'write',
  'enable-entri': 'write',
};
