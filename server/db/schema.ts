/**
 * Row types of the billing database, as Kysely sees them. One shape for SQLite and PostgreSQL:
 * booleans are 0/1 integers, times are Unix seconds, money is integer cents, structured values are JSON text.
 */
import type { Insertable, Selectable } from 'kysely';

/** 0 or 1: SQLite has no boolean type, and one representation keeps both dialects' rows identical. */
export type Flag = 0 | 1;

export interface SitesTable {
  id: string;
  /** the publisher admin's URL: the `iss` of its identity tokens; its JWKS is under `/.well-known/jwks.json` */
  admin_url: string;
  url: string;
  subdomain: string;
  pro_domain: string;
  external_domain: string | null;
  ssl_status: string | null;
  sending_domain: string | null;
  sending_domain_status: string | null;
  owner_user_id: string | null;
  is_subdirectory: Flag;
  subdirectory: string | null;
  version: string;
  active_theme: string;
  active_theme_official: Flag;
  created_at: number;
  /** the site's name, as the platform provisioned it (docs/platform-api.md) */
  name: string;
  /** JSON array of origins, besides the admin URL's own, the site's admin is served from: they may frame its panel */
  admin_origins_json: string;
  /** Unix seconds; set when the platform removed the site: its rows are kept, it can no longer sign in */
  deleted_at: number | null;
  /** Unix ms; sessions issued before it are refused for good (set when the site was removed: migration 0019) */
  sessions_from?: number | null;
  /** the base-plan price the site starts a trial of on its owner's first sign-in (billing/siteTrial.ts); null: none */
  trial_price_id: string | null;
  /** that trial's length in days (1 to 90); null with trial_price_id */
  trial_days: number | null;
  /** the currency the owner sees and pays (ISO 4217, lower case); null: the catalogue's first (0018) */
  currency: string | null;
  /** Unix seconds; when a process last claimed the live custom domain for its recheck (domains/domainRechecks.ts) */
  domain_checked_at: number | null;
  /** Unix seconds; when a recheck found the live domain's DNS no longer pointing at the site (FAILING): its grace starts */
  domain_lost_at: number | null;
  /**
   * Unix seconds: when the custom domain, saved without proof of control, is let go (domains/domainClaims.ts); null
   * once the site proved it, and without a domain (migration 0014)
   */
  domain_claim_expires_at: number | null;
  /** the last custom domain this site lost before proving it, why (DomainClaimEndReason) and when (Unix seconds) */
  domain_claim_ended_domain: string | null;
  domain_claim_ended_reason: string | null;
  domain_claim_ended_at: number | null;
}

/** Current usage of one plan limit by one site (members, staff, newsletters, enabled features...). */
export interface SiteUsageTable {
  site_id: string;
  limit_name: string;
  total: number;
  /** an agreed member allowance that replaces the plan's members limit for this site */
  members_override: number | null;
}

export interface UsersTable {
  id: string;
  site_id: string;
  name: string;
  email: string;
  /** the admin role: Owner, Administrator, Editor, Author, Contributor */
  role: string;
  billing_contact: string | null;
  show_product_group: string | null;
  show_auto_billing: Flag;
  /** the signup coupon the user arrived with */
  coupon: string | null;
  created_at: number;
  /** the e-mail trimmed and lowered (repositories/users.ts emailKey): unique per site, what sign-in looks up */
  email_key: string;
  /** Unix seconds; set when the platform removed the user: the row stays for its payment customer */
  removed_at: number | null;
  /** Unix ms; the user's sessions issued before it are refused for good (removed, or no longer the owner: 0019) */
  sessions_from?: number | null;
}

/** The payment provider's customer, one per paying user. */
export interface CustomersTable {
  /** the provider's customer id */
  id: string;
  user_id: string;
  /** which PaymentsProvider holds this customer ('sandbox' in the demo) */
  provider: string;
  invoice_details: string;
  /**
   * The tax ID on the invoices (0024): a TaxIdType and its value as core/rules/taxIds.ts writes it; null: none.
   */
  tax_id_type: string | null;
  tax_id_value: string | null;
  /** the provider's id of the tax ID object this server made for it: the one it replaces or removes */
  tax_id_provider_id: string | null;
  /** cents; negative is credit */
  balance: number;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  default_payment_method: string | null;
  auto_billing: Flag;
  created_at: number;
}

export interface ProductsTable {
  /** the provider's product id */
  id: string;
  name: string;
  group_name: string;
  sort_order: number;
  active: Flag;
  /** 'base' or 'addon' */
  type: string;
  legacy: Flag;
  description: string;
  limits_json: string;
  features_json: string;
}

/** Which add-on products a base product offers. */
export interface ProductAddonsTable {
  product_id: string;
  addon_id: string;
  /** the add-on's place among the plan's add-ons (0018) */
  sort_order: number;
}

export interface PricesTable {
  /** the provider's price id, e.g. price_publisher_default_year_1000 */
  id: string;
  product_id: string;
  /** cents per period */
  cost: number;
  /** ISO 4217, lower case ('usd') */
  currency: string;
  billing_period: string;
  name: string;
  nickname: string | null;
  /** the member tier this price covers; null for add-ons */
  members: number | null;
  legacy: Flag;
  active: Flag;
  limits_json: string;
  features_json: string;
}

export interface CouponsTable {
  id: string;
  name: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
  duration_in_months: number | null;
  valid: Flag;
  max_redemptions: number | null;
  redeem_by: number | null;
  metadata_json: string;
}

export interface SubscriptionsTable {
  /** ours */
  id: string;
  site_id: string;
  customer_id: string;
  /** the provider's subscription id */
  provider_subscription_id: string;
  status: string;
  /** the base plan price */
  price_id: string;
  quantity: number;
  /** JSON: [{price, cost}] of the add-on items, cost in cents per period as billed */
  addons_json: string;
  current_period_start: number;
  current_period_end: number;
  /** when the customer asked to cancel at period end (or when it was cancelled) */
  cancelled_at: number | null;
  trial_end: number | null;
  /** a plan change waiting for payment: the price the customer chose */
  pending_price_id: string | null;
  /** JSON: the rest of that change (payments/providerPlanChange.ts SubscriptionState) (0003) */
  pending_change_json: string | null;
  /** when the newest provider event applied to this row was created; older events do not roll it back (0006) */
  provider_event_at: number | null;
  created_at: number;
}

export interface DiscountsTable {
  id: string;
  customer_id: string;
  subscription_id: string | null;
  coupon_id: string;
  start_at: number;
  end_at: number | null;
}

export interface InvoicesTable {
  id: string;
  customer_id: string;
  subscription_id: string | null;
  number: string;
  /** draft, open, paid, uncollectible, void */
  status: string;
  /** subscription_create, subscription_cycle, subscription_update, manual */
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  created: number;
  hosted_url: string;
  discount_id: string | null;
  /** ISO 4217, lower case: the currency of the prices it bills (0018) */
  currency: string;
}

export interface PaymentIntentsTable {
  id: string;
  customer_id: string;
  invoice_id: string | null;
  /** requires_payment_method, requires_action, processing, succeeded, canceled */
  status: string;
  client_secret: string;
  amount: number;
  created: number;
  /** the payment method it was last confirmed with (0002) */
  payment_method_id: string | null;
}

/** The first answer of a write sent with an idempotency key (0002), claimed before the work runs (0005). */
export interface IdempotencyKeysTable {
  site_id: string;
  key: string;
  call: string;
  /** SHA-256 (hex) of the call name and its data */
  request_hash: string;
  /** null while the claim's work is running */
  response_json: string | null;
  created_at: number;
  /** the attempt running the work (null once answered) */
  claim_id: string | null;
  /** milliseconds: after this, a claim without an answer may be taken over (its process died) */
  claimed_until_ms: number | null;
}

/** A provider event already applied: a redelivery of the same id changes nothing (0006). */
export interface PaymentEventsTable {
  /** the provider's event id */
  id: string;
  type: string;
  /** when the provider created the event */
  created: number;
  applied_at: number;
}

/** Setup intents whose card update-card has saved on the customer (0002). */
export interface CardUpdatesTable {
  setup_intent_id: string;
  customer_id: string;
  payment_method_id: string;
  applied_at: number;
}

/** A cancel-now request, carried out in the background (0002). */
export interface CancellationRequestsTable {
  subscription_id: string;
  requested_at: number;
  /** milliseconds: when the background job runs */
  due_at_ms: number;
  completed_at: number | null;
  attempts: number;
  last_error: string | null;
  /** milliseconds: the process carrying it out holds it until then (0005) */
  claimed_until_ms: number | null;
}

/** A named lock held until released or until it lapses (0005). */
export interface LeasesTable {
  name: string;
  holder: string;
  until_ms: number;
}

/** The payment sandbox's payment methods (0002). */
export interface SandboxPaymentMethodsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: string;
  billing_name: string | null;
  postal_code: string | null;
  created: number;
}

/** What a payment sandbox invoice bills, for its PDF (0008); JSON: payments/sandbox/sandboxInvoicePdf.ts InvoiceBreakdown. */
export interface SandboxInvoiceBreakdownsTable {
  invoice_id: string;
  breakdown_json: string;
}

/** The payment sandbox's setup intents (0002). */
export interface SandboxSetupIntentsTable {
  id: string;
  customer_id: string;
  client_secret: string;
  status: string;
  payment_method_id: string | null;
  created: number;
}

/** The payment sandbox's tax ID objects, as the provider keeps them on a customer (0024). */
export interface SandboxTaxIdsTable {
  id: string;
  customer_id: string;
  type: string;
  value: string;
  created: number;
}

/** A record of a zone the demo's DNS server answers for (0003). */
export interface DnsRecordsTable {
  id: string;
  zone: string;
  /** the full name, lowercase, without the trailing dot */
  name: string;
  type: string;
  value: string;
  ttl: number;
  created_at: number;
}

/** The edge provider sandbox's custom hostnames and their certificates (0003). */
export interface SandboxCustomHostnamesTable {
  hostname: string;
  target: string;
  /** the site that made it (0013); null for one made before, known by its target */
  site_id: string | null;
  status: string;
  empty_checks: number;
  created_at: number;
  checked_at: number | null;
}

/** The mail provider sandbox's sending domains (0003). */
export interface SandboxSendingDomainsTable {
  domain: string;
  dkim_public_key: string;
  state: string;
  validity_json: string;
  created_at: number;
}

/** Sites that enabled the registrar integration (0003). */
export interface RegistrarIntegrationsTable {
  site_id: string;
  enabled_at: number;
}

/**
 * A number per site that database triggers change with every write to the rows its account data is read from
 * (0007): a process's copy of that data is current while the number is unchanged.
 */
export interface SiteVersionsTable {
  site_id: string;
  version: number;
}

/** An owner's get-billing-data answer as last made, and what it was made from (0022, billing/billingAnswers.ts). */
export interface BillingAnswersTable {
  site_id: string;
  user_id: string;
  force_upgrade: number;
  site_version: number;
  catalogue_version: number;
  offer_json: string;
  /** Unix seconds */
  holds_from: number | null;
  holds_until: number | null;
  /** Unix ms */
  sessions_from: number | null;
  /** raw deflate (Buffer on PostgreSQL, Uint8Array on SQLite) */
  own_deflated: Uint8Array;
  crc: number;
  length: number;
}

/** A site whose owner's stored answer is to be made again ahead of them (0025, billing/answerPreparation.ts). */
export interface BillingAnswersDueTable {
  site_id: string;
}

/** A site admin's JWKS document as last fetched, by its URL (0021, auth/keySetStore.ts). */
export interface IdentityKeySetsTable {
  url: string;
  document: string;
  /** Unix ms */
  fetched_at: number;
}

/** The rate limits' counters, one per limited key and window (0010): every process counts on the same row. */
export interface RateLimitCountersTable {
  key: string;
  /** milliseconds */
  window_start_ms: number;
  count: number;
}

/** The platform's catalogue document in force, one row (0018, platform/catalogue.ts). */
export interface CatalogueDocumentsTable {
  id: string;
  /** moved by every write that changes the document */
  version: number;
  /** the document as PUT, canonical JSON */
  document_json: string;
  /** JSON: the currencies it prices in, in the order they first appear: the first is a new site's default */
  currencies_json: string;
  updated_at: number;
}

/** The payment sandbox's price list (0018, payments/sandbox/prices.ts), as a card provider's account holds prices. */
export interface SandboxPricesTable {
  id: string;
  /** the product's name, as the provider's price names its product */
  product: string;
  unit_amount: number;
  currency: string;
  /** month or year */
  interval: string;
  created_at: number;
}

/** The platform API's audit trail (0020, platform/auditTrail.ts): one row per change a platform key made. */
export interface PlatformEventsTable {
  /** `site:<id>` or `catalog` */
  stream: string;
  /** 1, 2, ... within the stream */
  seq: number;
  action: string;
  /** Unix milliseconds, by the process's own clock */
  at_ms: number;
  /** the key's name in PLATFORM_API_KEYS; null: it has none */
  key_name: string | null;
  /** the first 12 hex digits of the key's SHA-256 */
  key_fingerprint: string;
  request_id: string;
  /** JSON: [{ field (a JSON Pointer), before, after }] */
  changes_json: string;
}

export interface Database {
  sites: SitesTable;
  site_usage: SiteUsageTable;
  users: UsersTable;
  customers: CustomersTable;
  products: ProductsTable;
  product_addons: ProductAddonsTable;
  prices: PricesTable;
  coupons: CouponsTable;
  subscriptions: SubscriptionsTable;
  discounts: DiscountsTable;
  invoices: InvoicesTable;
  payment_intents: PaymentIntentsTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_events: PaymentEventsTable;
  card_updates: CardUpdatesTable;
  cancellation_requests: CancellationRequestsTable;
  leases: LeasesTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_setup_intents: SandboxSetupIntentsTable;
  sandbox_invoice_breakdowns: SandboxInvoiceBreakdownsTable;
  sandbox_tax_ids: SandboxTaxIdsTable;
  dns_records: DnsRecordsTable;
  sandbox_custom_hostnames: SandboxCustomHostnamesTable;
  sandbox_sending_domains: SandboxSendingDomainsTable;
  registrar_integrations: RegistrarIntegrationsTable;
  site_versions: SiteVersionsTable;
  billing_answers: BillingAnswersTable;
  billing_answers_due: BillingAnswersDueTable;
  identity_key_sets: IdentityKeySetsTable;
  rate_limit_counters: RateLimitCountersTable;
  catalogue_documents: CatalogueDocumentsTable;
  sandbox_prices: SandboxPricesTable;
  platform_events: PlatformEventsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type PriceRow = Selectable<PricesTable>;
export type CouponRow = Selectable<CouponsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DiscountRow = Selectable<DiscountsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type CancellationRequestRow = Selectable<CancellationRequestsTable>;
export type SandboxPaymentMethodRow = Selectable<SandboxPaymentMethodsTable>;
export type SandboxSetupIntentRow = Selectable<SandboxSetupIntentsTable>;
export type NewSite = Insertable<SitesTable>;
export type DnsRecordRow = Selectable<DnsRecordsTable>;
