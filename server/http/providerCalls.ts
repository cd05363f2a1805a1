/**
 * Which outside services each call may reach: the one place that says so. Their quotas belong to the platform, not
 * to one site, so every call that may reach one counts against its site's and session's provider-call limit
 * (http/rateLimits.ts; docs/deploy.md "Rate limits").
 */
import type { CallName } from '../../core/contract';

/** The card provider, the edge (custom hostnames), the mail provider, the registrar's token API, and DNS resolvers. */
export const OUTSIDE_SERVICES = ['card', 'edge', 'mail', 'registrar', 'dns'] as const;
export type OutsideService = (typeof OUTSIDE_SERVICES)[number];

/**
 * The calls all sites together may send towards each service in a minute (RATE_LIMIT_PLATFORM_<SERVICE>_CALLS_PER_MINUTE):
 * below the provider's own quota for the platform's one account, so the platform refuses with its own words before
 * the provider refuses everyone. A call may make several requests (a preview up to four), so each is the quota's
 * requests divided by about that.
 */
export const DEFAULT_PLATFORM_CALLS_PER_MINUTE: Readonly<Record<OutsideService, number>> = {
  // Stripe: 100 requests a second in live mode, per account; a call makes one to four.
  card: 1500,
  // Cloudflare's API: 1,200 requests in five minutes per user; a check or an activation makes one or two.
  edge: 200,
  // Mailgun's domain API: no documented per-minute quota; kept to a few a second.
  mail: 300,
  // Entri's token API: a token per purchase widget opened.
  registrar: 120,
  // Our own lookups against public resolvers: a diagnosis asks a handful of names.
  dns: 3000,
};

/**
 * Typed over every call name, so a call added to the contract does not compile until it says what it reaches. A
 * call is listed with a service when any of its paths may ask it, even if most answers come from our database.
 */
export const servicesReached: Record<CallName, readonly OutsideService[]> = {
  // Its one provider call, creating the owner's customer, happens once per owner ever; the call is limited per
  // address (it comes before any session), which bounds it.
  'billing-session': [],
  'get-billing-data': [],
  // With `sca`, after the browser's card authentication: the payment intent, read back from the provider.
  'get-subscription': ['card'],
  'get-current-site': [],
  'get-current-site-limits': [],
  'get-current-plan': [],
  'get-invoice-details': [],
  'get-invoices': [],
  'get-latest-invoice': [],
  'invoice-pdf': ['card'],
  'get-discount-details': [],
  'get-customer-balance': [],
  'get-account-info': [],
  'get-next-charge': ['card'],
  'get-stripe-portal-url': ['card'],
  'payment-method': ['card'],
  'setup-card': ['card'],
  'update-card': ['card'],
  'add-invoice-details': ['card'],
  'update-billing-contact': ['card'],
  cancel: ['card'],
  // The cancellation itself runs in the background, once per subscription; the request is what is counted.
  'cancel-background': ['card'],
  'update-auto-billing': ['card'],
  'get-invoice-preview': ['card'],
  'get-coupon-details': [],
  'change-subscription': ['card'],
  'activate-subscription': ['card'],
  'update-discount': ['card'],
  'create-payment-intent': ['card'],
  // Before the owner's proof of control is in DNS, the check looks for it there; after, it asks the edge.
  'check-domain': ['edge', 'dns'],
  'lookup-nameserver': ['dns'],
  'check-domain-dns': ['dns'],
  'get-sending-domain-records': ['mail', 'dns'],
  'check-sending-domain': ['mail', 'dns'],
  'verify-sending-domain': ['mail', 'dns'],
  'get-entri-token': ['registrar'],
  // Changing or removing the domain removes the old one's hostname at the edge, and its sending domain at the mail
  // provider; activating looks for the proof of control in DNS first.
  'update-domain': ['edge', 'mail', 'dns'],
  'activate-domain': ['edge', 'mail', 'dns'],
  'setup-sending-domain': ['mail', 'dns'],
  'remove-sending-domain': ['mail'],
  'enable-entri': [],
};

/** Whether the call may reach any outside service. */
export function reachesProvider(name: CallName): boolean {
  return servicesReached[name].length > 0;
}
