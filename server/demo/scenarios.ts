/**
 * The demo scenarios of docs/demo.md: one site each, as contract-typed data. The single source of every fixture:
 * the demo seed writes them to the database, the demo host signs its users in from them, and tests (server,
 * panel, browser) build their expectations from them. Every date is relative to the `now` given.
 */
import type {
  Blog,
  CurrentSite,
  Discount,
  Invoice,
  LatestInvoice,
  PendingSubscription,
  Price,
  Subscription,
  SubscriptionAddon,
  SubscriptionStatus,
  User,
} from '../../core/contract';
import { BILLING_CURRENCY, MS_PER_SECOND, SECONDS_PER_DAY, SUBSCRIPTION_CYCLE_BILLING_REASON } from '../../core/rules/constants';
import { toUnixSeconds } from '../../core/rules/dates';
import { invoiceDescription } from '../../core/rules/invoices';
import { assembleBillingData, type BillingParts } from '../billing/aggregate';
import { offeredProducts } from '../billing/products';
import { computeSiteLimits, type SiteUsage } from '../billing/siteLimits';
import {
  autobillingAddon,
  cataloguePrice,
  catalogueProducts,
  launchCoupon,
  subdirectoryAddon,
} from '../seed/catalogue';
import { defaultBrand } from '../brand';
import { newSandboxInvoicePath } from '../payments/sandbox/sandboxInvoicePages';

export const scenarioNames = [
  'active',
  'no-card',
  'trial',
  'trial-over',
  'trial-over-staff',
  'not-owner',
  'grace',
  'incomplete',
  'auto-billing-grace',
  'cancelling',
  'canceled',
  'custom-plan',
  'legacy',
  'over-limits',
  'starter',
  'domain-pending',
  'domain-live',
  'staff',
  'sending-initialized',
  'domain-failed',
  'card-expiring',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];
export const DEFAULT_SCENARIO: ScenarioName = 'active';

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (scenarioNames as readonly string[]).includes(value);
}

export interface ScenarioPerson {
  id: string;
  name: string;
  email: string;
  /** the admin role the host puts in its identity token */
  role: 'Owner' | 'Administrator' | 'Editor';
}

export interface ScenarioCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ScenarioCustomer {
  /** the payment provider's customer id */
  id: string;
  /** cents; negative is credit */
  balance: number;
  invoiceDetails: string;
  autoBilling: boolean;
  card: ScenarioCard | null;
}

/** A payment attempt on an invoice, when one is under way (the latest invoice's payment_intent has no id). */
export interface ScenarioPaymentIntent {
  id: string;
  invoiceId: string;
  status: string;
  clientSecret: string;
  amount: number;
}

/** What the demo host knows about the signed-in person (its forceUpgradeInfo answer). */
export interface ScenarioHost {
  forceUpgrade: boolean;
  isOwner: boolean;
  ownerUser: { name: string; email: string } | null;
}

export interface Scenario {
  name: ScenarioName;
  /** one line for the demo host's picker */
  description: string;
  /** the publisher admin's URL: issuer of the host's identity tokens, and where its JWKS lives */
  adminUrl: string;
  site: CurrentSite;
  blogs: Blog[];
  owner: ScenarioPerson;
  /** who the demo host signs in: the owner, or a staff member in the non-owner scenarios */
  signedIn: ScenarioPerson;
  /** everyone with an account on the site */
  people: ScenarioPerson[];
  /** the owner's billing user, as the account calls answer it */
  user: User;
  customer: ScenarioCustomer;
  subscription: Subscription;
  /** the first day of the current period (Unix seconds); not part of the contract's Subscription */
  currentPeriodStart: number;
  pendingSubscription: PendingSubscription | null;
  /** every invoice, oldest first */
  invoices: Invoice[];
  /** the newest invoice in detail; its id is the last of `invoices` */
  latestInvoice: LatestInvoice | null;
  paymentIntent: ScenarioPaymentIntent | null;
  discount: Discount | null;
  usage: SiteUsage;
  membersOverride: number | null;
  host: ScenarioHost;
}

export interface ScenarioOptions {
  /** the demo host's origin; admin URLs are `<hostBase>/sites/<scenario>` */
  hostBase?: string;
  proDomain?: string;
}

export const DEFAULT_HOST_BASE = 'http://127.0.0.1:4000';
const DAY = SECONDS_PER_DAY;
const HOUR = DAY / 24;
const DEFAULT_VERSION = '5.96.0';
const DEFAULT_THEME = 'source';

// ------------------------------------------------------------------------------------------------ helpers

/** A card that works until the end of the month `now` falls in (UTC). */
function cardExpiringThisMonth(now: number): Pick<ScenarioCard, 'expMonth' | 'expYear'> {
  const today = new Date(now * MS_PER_SECOND);
  return { expMonth: today.getUTCMonth() + 1, expYear: today.getUTCFullYear() };
}

function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * MS_PER_SECOND);
  date.setUTCMonth(date.getUTCMonth() + months);
  return toUnixSeconds(date.getTime());
}

function startOfMonth(seconds: number): number {
  const date = new Date(seconds * MS_PER_SECOND);
  return toUnixSeconds(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function slugOf(name: ScenarioName): string {
  return name.replace(/-/g, '_');
}

function periodEnd(start: number, period: Price['billing_period']): number {
  return addMonths(start, period === 'year' ? 12 : 1);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

interface InvoiceSpec {
  date: number;
  amount: number;
  /** unpaid invoices carry the detail of the latest invoice */
  paid: boolean;
}

interface OpenPayment {
  billingReason: string;
  intentStatus: 'requires_action' | 'requires_payment_method';
}

interface ScenarioSpec {
  name: ScenarioName;
  description: string;
  owner: { first: string; last: string; email?: string };
  /** a staff member who is signed in instead of the owner */
  staff?: { first: string; last: string; role: 'Administrator' | 'Editor' };
  site?: Partial<CurrentSite>;
  priceId: string;
  status: SubscriptionStatus;
  periodStart: number;
  periodEndOverride?: number;
  cancelledAt?: number | null;
  trialEnd?: number | null;
  addons?: SubscriptionAddon[];
  pendingPriceId?: string;
  card: ScenarioCard | null;
  balance?: number;
  invoiceDetails?: string;
  autoBilling?: boolean;
  showAutoBilling?: boolean;
  billingContact?: string | null;
  coupon?: string | null;
  invoices: InvoiceSpec[];
  /** the latest invoice's billing reason when it is paid (default: subscription cycle) */
  latestReason?: string;
  openPayment?: OpenPayment;
  discount?: { start: number };
  usage: SiteUsage;
  membersOverride?: number;
  forceUpgrade?: boolean;
}

const visa4242: ScenarioCard = { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 };

function addonItem(addon: typeof subdirectoryAddon, period: Price['billing_period']): SubscriptionAddon {
  const price = addon.prices.find((candidate) => candidate.billing_period === period)!;
  return { name: addon.name, cost: price.cost, price: price.id };
}

/** A month of the monthly history before a date: amounts as billed then. */
function monthlyHistory(before: number, count: number, amount: number): InvoiceSpec[] {
  return Array.from({ length: count }, (_, index) => ({ date: addMonths(before, index - count), amount, paid: true }));
}

/** Why a scenario's invoice was billed: the first started the subscription, the latest has its own reason, the rest renewed it. */
export function invoiceBillingReason(index: number, count: number, latestReason: string): string {
  if (index === count - 1) return latestReason;
  return index === 0 ? 'subscription_create' : SUBSCRIPTION_CYCLE_BILLING_REASON;
}

// ------------------------------------------------------------------------------------------------ builder

function buildScenario(spec: ScenarioSpec, options: Required<ScenarioOptions>): Scenario {
  const slug = slugOf(spec.name);
  const { product, price } = cataloguePrice(spec.priceId);
  const period = price.billing_period;
  const ownerEmail = spec.owner.email ?? `${spec.owner.first.toLowerCase()}@${spec.name}.example.com`;
  const owner: ScenarioPerson = {
    id: `user_${slug}`,
    name: `${spec.owner.first} ${spec.owner.last}`,
    email: ownerEmail,
    role: 'Owner',
  };
  const staff: ScenarioPerson | null = spec.staff
    ? {
        id: `user_${slug}_staff`,
        name: `${spec.staff.first} ${spec.staff.last}`,
        email: `${spec.staff.first.toLowerCase()}@${spec.name}.example.com`,
        role: spec.staff.role,
      }
    : null;

  const subdomain = spec.name;
  const site: CurrentSite = {
    id: `site_${slug}`,
    url: `https://${subdomain}.${options.proDomain}`,
    subdomain,
    pro_domain: options.proDomain,
    external_domain: null,
    ssl_status: null,
    sending_domain: null,
    sending_domain_status: 'NONE',
    user_id: owner.id,
    isSubdirectory: false,
    subdirectory: null,
    version: DEFAULT_VERSION,
    active_theme: DEFAULT_THEME,
    active_theme_official: true,
    ...spec.site,
  };

  const customerId = `cus_${slug}`;
  const card = spec.card;
  const user: User = {
    id: owner.id,
    email_address: owner.email,
    billing_contact: spec.billingContact ?? null,
    show_product_group: null,
    show_auto_billing: spec.showAutoBilling ?? spec.autoBilling ?? false,
    coupon: spec.coupon ?? null,
    cardType: card?.brand ?? null,
    cardExpiry: card ? `${twoDigits(card.expMonth)}/${card.expYear}` : null,
    cardLast4: card?.last4 ?? null,
  };

  const discount: Discount | null = spec.discount
    ? { coupon: launchCoupon, start: spec.discount.start, end: addMonths(spec.discount.start, launchCoupon.duration_in_months ?? 0) }
    : null;

  const latestReason = spec.openPayment?.billingReason ?? spec.latestReason ?? SUBSCRIPTION_CYCLE_BILLING_REASON;
  const invoices: Invoice[] = spec.invoices.map((invoice, index) => ({
    id: `in_${slug}_${index + 1}`,
    number: `${subdomain.toUpperCase()}-${String(index + 1).padStart(4, '0')}`,
    date: invoice.date,
    status: invoice.paid ? 'paid' : 'pending',
    description: invoiceDescription(invoiceBillingReason(index, spec.invoices.length, latestReason)),
    amount_paid: invoice.paid ? invoice.amount : 0,
    amount_due: invoice.amount,
    currency: BILLING_CURRENCY,
    url: newSandboxInvoicePath(),
  }));
  const lastSpec = spec.invoices[spec.invoices.length - 1];
  const lastInvoice = invoices[invoices.length - 1];
  const paymentIntent: ScenarioPaymentIntent | null =
    spec.openPayment && lastSpec && lastInvoice
      ? {
          id: `pi_${slug}`,
          invoiceId: lastInvoice.id,
          status: spec.openPayment.intentStatus,
          clientSecret: `pi_${slug}_secret_demo`,
          amount: lastSpec.amount,
        }
      : null;
  const latestInvoice: LatestInvoice | null =
    lastSpec && lastInvoice
      ? {
          id: lastInvoice.id,
          status: lastSpec.paid ? 'paid' : 'open',
          billing_reason: latestReason,
          payment_intent: paymentIntent ? { status: paymentIntent.status, client_secret: paymentIntent.clientSecret } : null,
          amount_remaining: lastSpec.paid ? 0 : lastSpec.amount,
          discount: discount !== null && lastSpec.date >= discount.start ? discount : null,
        }
      : null;

  const subscription: Subscription = {
    id: `sub_${slug}`,
    customer_id: customerId,
    status: spec.status,
    current_period_end: spec.periodEndOverride ?? periodEnd(spec.periodStart, period),
    cancelled_at: spec.cancelledAt ?? null,
    stripe_subscription_id: `sbx_sub_${slug}`,
    trial_end: spec.trialEnd ?? null,
    meta: {
      baseProduct: {
        name: product.name,
        billing_period: period,
        group: product.group,
        quantity: 1,
        product: product.id,
        price: price.id,
      },
      addons: spec.addons ?? [],
      paymentIntentSecret: paymentIntent?.clientSecret ?? null,
    },
  };

  const pending = spec.pendingPriceId ? cataloguePrice(spec.pendingPriceId) : null;
  const pendingSubscription: PendingSubscription | null = pending
    ? {
        product: pending.product.name.toLowerCase(),
        group: pending.product.group,
        period: pending.price.billing_period,
        priceId: pending.price.id,
      }
    : null;

  const forceUpgrade = spec.forceUpgrade ?? false;
  return {
    name: spec.name,
    description: spec.description,
    adminUrl: `${options.hostBase}/sites/${spec.name}`,
    site,
    blogs: [{ id: site.id, url: site.url }],
    owner,
    signedIn: staff ?? owner,
    people: staff ? [owner, staff] : [owner],
    user,
    customer: {
      id: customerId,
      balance: spec.balance ?? 0,
      invoiceDetails: spec.invoiceDetails ?? '',
      autoBilling: spec.autoBilling ?? false,
      card,
    },
    subscription,
    currentPeriodStart: spec.periodStart,
    pendingSubscription,
    invoices,
    latestInvoice,
    paymentIntent,
    discount,
    usage: spec.usage,
    membersOverride: spec.membersOverride ?? null,
    host: {
      forceUpgrade,
      isOwner: staff === null,
      ownerUser: { name: owner.name, email: owner.email },
    },
  };
}

// ------------------------------------------------------------------------------------------------ the table

function specs(now: number, proDomain: string): ScenarioSpec[] {
  const monthStart = startOfMonth(now);
  // "started this month": a few days ago, but never before the first of the month.
  const launchStart = Math.max(now - 3 * DAY, monthStart);
  const publisherYear = 'price_publisher_default_year_1000';
  const trialOverEnd = now - 2 * DAY;
  const trialLength = 14 * DAY;
  const cancellingStart = now - 325 * DAY;
  const canceledEnd = now - 10 * DAY;

  return [
    {
      name: 'active',
      description: 'Publisher yearly, card on file, launch coupon, account credit',
      owner: { first: 'Alex', last: 'Morgan' },
      priceId: publisherYear,
      status: 'active',
      periodStart: launchStart,
      card: visa4242,
      balance: -1250,
      invoiceDetails: 'Northwind Press Ltd\n12 Harbour Street, Bristol BS1 4QA\nVAT GB123456789',
      billingContact: 'accounts@active.example.com',
      coupon: launchCoupon.id,
      showAutoBilling: true,
      // Five months on Publisher monthly, then the switch to yearly with the launch offer.
      invoices: [
        ...monthlyHistory(launchStart, 5, 3600),
        { date: launchStart, amount: cataloguePrice(publisherYear).price.cost / 2, paid: true },
      ],
      latestReason: 'subscription_update',
      discount: { start: launchStart },
      usage: { members: 640, staff: 2, newsletters: 1, customIntegrations: 2 },
    },
    {
      name: 'no-card',
      description: 'Starter monthly, no card on file',
      owner: { first: 'Blake', last: 'Summers' },
      priceId: 'price_starter_default_month_500',
      status: 'active',
      periodStart: now - 10 * DAY,
      card: null,
      invoices: monthlyHistory(now - 10 * DAY, 1, 900).concat([{ date: now - 10 * DAY, amount: 900, paid: true }]),
      usage: { members: 120, staff: 1, newsletters: 1 },
    },
    {
      name: 'trial',
      description: 'Free trial, ends in 5 days, no card',
      owner: { first: 'Charlie', last: 'Nguyen' },
      priceId: publisherYear,
      status: 'trialing',
      periodStart: now + 5 * DAY - trialLength,
      periodEndOverride: now + 5 * DAY,
      trialEnd: now + 5 * DAY,
      card: null,
      invoices: [],
      usage: { members: 35, staff: 1, newsletters: 1 },
    },
    {
      name: 'trial-over',
      description: 'Trial ended: the owner must choose a plan (forced upgrade)',
      owner: { first: 'Dana', last: 'Okafor' },
      priceId: publisherYear,
      status: 'canceled',
      periodStart: trialOverEnd - trialLength,
      periodEndOverride: trialOverEnd,
      trialEnd: trialOverEnd,
      cancelledAt: trialOverEnd,
      card: null,
      invoices: [],
      usage: { members: 48, staff: 1, newsletters: 1 },
      forceUpgrade: true,
    },
    {
      name: 'trial-over-staff',
      description: 'Trial ended, signed in as staff: ask the owner to choose a plan',
      owner: { first: 'Jamie', last: 'Rivera' },
      staff: { first: 'Sam', last: 'Patel', role: 'Administrator' },
      priceId: publisherYear,
      status: 'canceled',
      periodStart: trialOverEnd - trialLength,
      periodEndOverride: trialOverEnd,
      trialEnd: trialOverEnd,
      cancelledAt: trialOverEnd,
      card: null,
      invoices: [],
      usage: { members: 52, staff: 2, newsletters: 1 },
      forceUpgrade: true,
    },
    {
      name: 'not-owner',
      description: 'Signed in as staff, not the owner',
      owner: { first: 'Morgan', last: 'Lee' },
      staff: { first: 'Riley', last: 'Chen', role: 'Editor' },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 40 * DAY,
      card: visa4242,
      invoices: [{ date: now - 40 * DAY, amount: 36_000, paid: true }],
      usage: { members: 410, staff: 2, newsletters: 1 },
    },
    {
      name: 'grace',
      description: 'Publisher monthly, renewal payment failed (past due)',
      owner: { first: 'Elliot', last: 'Fischer' },
      priceId: 'price_publisher_default_month_1000',
      status: 'past_due',
      periodStart: now - 5 * DAY,
      card: { brand: 'visa', last4: '0341', expMonth: 11, expYear: 2031 },
      invoices: [...monthlyHistory(now - 5 * DAY, 3, 3600), { date: now - 5 * DAY, amount: 3600, paid: false }],
      openPayment: { billingReason: SUBSCRIPTION_CYCLE_BILLING_REASON, intentStatus: 'requires_payment_method' },
      usage: { members: 730, staff: 2, newsletters: 1 },
    },
    {
      name: 'incomplete',
      description: 'Plan change waiting for card authentication',
      owner: { first: 'Frankie', last: 'Douglas' },
      priceId: publisherYear,
      pendingPriceId: publisherYear,
      status: 'incomplete',
      periodStart: now - 2 * HOUR,
      card: { brand: 'visa', last4: '3155', expMonth: 9, expYear: 2029 },
      // Two months of Starter, then the change to Publisher yearly whose payment needs authentication.
      invoices: [
        ...monthlyHistory(now - 2 * HOUR, 2, 1500),
        { date: now - 2 * HOUR, amount: cataloguePrice(publisherYear).price.cost, paid: false },
      ],
      openPayment: { billingReason: 'subscription_update', intentStatus: 'requires_action' },
      usage: { members: 880, staff: 1, newsletters: 1 },
    },
    {
      name: 'auto-billing-grace',
      description: 'Automatic billing moved up a tier, its payment needs a new card',
      owner: { first: 'Gray', last: 'Hollis' },
      priceId: 'price_publisher_default_month_2500',
      status: 'past_due',
      periodStart: now - 12 * DAY,
      addons: [addonItem(autobillingAddon, 'month')],
      autoBilling: true,
      card: { brand: 'visa', last4: '9995', expMonth: 8, expYear: 2031 },
      invoices: [...monthlyHistory(now - 12 * DAY, 3, 3600), { date: now - 1 * DAY, amount: 2300, paid: false }],
      openPayment: { billingReason: 'subscription_update', intentStatus: 'requires_payment_method' },
      usage: { members: 1210, staff: 2, newsletters: 1 },
    },
    {
      name: 'cancelling',
      description: 'Business yearly with a subdirectory, cancelled at period end',
      owner: { first: 'Harper', last: 'Quinn' },
      site: { isSubdirectory: true, subdirectory: '/blog' },
      priceId: 'price_business_default_year_1000',
      status: 'active',
      periodStart: cancellingStart,
      cancelledAt: now - 3 * DAY,
      addons: [addonItem(subdirectoryAddon, 'year')],
      card: { brand: 'amex', last4: '8431', expMonth: 7, expYear: 2029 },
      invoices: [
        { date: addMonths(cancellingStart, -12), amount: 279_000, paid: true },
        { date: cancellingStart, amount: 279_000, paid: true },
      ],
      usage: { members: 840, staff: 7, newsletters: 2, customIntegrations: 4 },
    },
    {
      name: 'canceled',
      description: 'Subscription canceled',
      owner: { first: 'Indy', last: 'Baker' },
      priceId: 'price_publisher_default_month_500',
      status: 'canceled',
      periodStart: addMonths(canceledEnd, -1),
      periodEndOverride: canceledEnd,
      cancelledAt: canceledEnd,
      card: { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2029 },
      invoices: monthlyHistory(canceledEnd, 3, 2900),
      usage: { members: 95, staff: 1, newsletters: 1 },
    },
    {
      name: 'custom-plan',
      description: 'A custom plan agreed with sales',
      owner: { first: 'Jordan', last: 'Ellis' },
      priceId: 'price_custom_default_year_250000',
      status: 'active',
      periodStart: now - 100 * DAY,
      card: visa4242,
      invoices: [{ date: now - 100 * DAY, amount: 1_500_000, paid: true }],
      usage: { members: 182_000, staff: 24, newsletters: 6, customIntegrations: 9 },
      membersOverride: 300_000,
    },
    {
      name: 'legacy',
      description: 'A legacy plan: billing changes go through support',
      owner: { first: 'Kai', last: 'Lindqvist' },
      priceId: 'price_standard_legacy_month_8000',
      status: 'active',
      periodStart: now - 20 * DAY,
      card: visa4242,
      invoices: monthlyHistory(now - 20 * DAY, 1, 7900).concat([{ date: now - 20 * DAY, amount: 7900, paid: true }]),
      usage: { members: 5200, staff: 4, newsletters: 2 },
    },
    {
      name: 'over-limits',
      description: 'Starter with more members, staff and newsletters than it allows',
      owner: { first: 'Logan', last: 'Price' },
      site: { active_theme: 'harbour-magazine', active_theme_official: false },
      priceId: 'price_starter_default_month_1000',
      status: 'active',
      periodStart: now - 15 * DAY,
      card: visa4242,
      invoices: monthlyHistory(now - 15 * DAY, 1, 1500).concat([{ date: now - 15 * DAY, amount: 1500, paid: true }]),
      usage: { members: 12_480, staff: 4, newsletters: 2, limitAnalytics: 1 },
    },
    {
      name: 'starter',
      description: 'Starter yearly, no custom domain',
      owner: { first: 'Morgan', last: 'Avery' },
      priceId: 'price_starter_default_year_500',
      status: 'active',
      periodStart: now - 60 * DAY,
      card: visa4242,
      invoices: [{ date: now - 60 * DAY, amount: 9000, paid: true }],
      usage: { members: 210, staff: 1, newsletters: 1 },
    },
    {
      name: 'card-expiring',
      description: 'Publisher yearly, its card expiring at the end of this month, months before the renewal',
      owner: { first: 'Riley', last: 'Chen' },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 60 * DAY,
      card: { brand: 'visa', last4: '4242', ...cardExpiringThisMonth(now) },
      invoices: [{ date: now - 60 * DAY, amount: cataloguePrice(publisherYear).price.cost, paid: true }],
      usage: { members: 410, staff: 2, newsletters: 1 },
    },
    {
      name: 'domain-pending',
      description: 'Custom domain blog.example.com and sending domain being set up',
      owner: { first: 'Noel', last: 'Garcia' },
      // Its own sending domain: example.com is domain-live's, and one domain is at most one site's at the mail provider.
      site: { external_domain: 'blog.example.com', ssl_status: 'PENDING', sending_domain: 'blog.example.com', sending_domain_status: 'PENDING' },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 30 * DAY,
      card: visa4242,
      invoices: [{ date: now - 30 * DAY, amount: 36_000, paid: true }],
      usage: { members: 560, staff: 2, newsletters: 1 },
    },
    {
      name: 'domain-live',
      description: 'Custom domain www.example.com live, sending domain verified',
      owner: { first: 'Oakley', last: 'Shah' },
      site: {
        url: 'https://www.example.com',
        external_domain: 'www.example.com',
        ssl_status: 'ACTIVE',
        sending_domain: 'example.com',
        sending_domain_status: 'VERIFIED',
      },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 90 * DAY,
      card: visa4242,
      invoices: [{ date: now - 90 * DAY, amount: 36_000, paid: true }],
      usage: { members: 950, staff: 3, newsletters: 2 },
    },
    {
      name: 'staff',
      description: 'The owner is platform staff (sees domain purchase)',
      owner: { first: 'Casey', last: 'Quinn', email: `casey@${proDomain}` },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 45 * DAY,
      card: visa4242,
      invoices: [{ date: now - 45 * DAY, amount: 36_000, paid: true }],
      usage: { members: 300, staff: 3, newsletters: 1 },
    },
    {
      name: 'sending-initialized',
      description: 'Custom domain www.example.org live, sending domain example.org set up, records not yet checked',
      owner: { first: 'Parker', last: 'Wells' },
      site: {
        url: 'https://www.example.org',
        external_domain: 'www.example.org',
        ssl_status: 'ACTIVE',
        sending_domain: 'example.org',
        sending_domain_status: 'INITIALIZED',
      },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 50 * DAY,
      card: visa4242,
      invoices: [{ date: now - 50 * DAY, amount: 36_000, paid: true }],
      usage: { members: 430, staff: 2, newsletters: 1 },
    },
    {
      name: 'domain-failed',
      description: 'Custom domain shop.example.co.uk failed: its CNAME points elsewhere',
      owner: { first: 'Quinn', last: 'Harlow' },
      site: { external_domain: 'shop.example.co.uk', ssl_status: 'FAILED' },
      priceId: publisherYear,
      status: 'active',
      periodStart: now - 20 * DAY,
      card: visa4242,
      invoices: [{ date: now - 20 * DAY, amount: 36_000, paid: true }],
      usage: { members: 310, staff: 1, newsletters: 1 },
    },
  ];
}

/**
 * Every scenario, dated relative to `now` (milliseconds, as Date.now()).
 * The staff scenario's owner e-mail follows `proDomain`: staff accounts are the platform's own domain.
 */
export function buildScenarios(now: number, options: ScenarioOptions = {}): Record<ScenarioName, Scenario> {
  const resolved: Required<ScenarioOptions> = {
    hostBase: (options.hostBase ?? DEFAULT_HOST_BASE).replace(/\/+$/, ''),
    proDomain: options.proDomain ?? defaultBrand.proDomain,
  };
  const nowSeconds = toUnixSeconds(now);
  const entries = specs(nowSeconds, resolved.proDomain).map((spec) => [spec.name, buildScenario(spec, resolved)] as const);
  return Object.fromEntries(entries) as Record<ScenarioName, Scenario>;
}

export function scenarioByName(name: ScenarioName, now: number, options: ScenarioOptions = {}): Scenario {
  return buildScenarios(now, options)[name];
}

/** The parts of the billing data aggregate for a scenario, as the server loads them from its database. */
export function scenarioBillingParts(
  scenario: Scenario,
  request: { forceUpgrade?: boolean; scaSucceeded?: boolean } = {},
): BillingParts {
  const { baseProduct } = scenario.subscription.meta;
  const { price, product } = cataloguePrice(baseProduct.price);
  return {
    subscription: scenario.subscription,
    user: scenario.user,
    blogs: scenario.blogs,
    currentSite: scenario.site,
    currentSiteLimits: computeSiteLimits({
      planLimits: price.limits,
      productName: product.name,
      usage: scenario.usage,
      membersOverride: scenario.membersOverride,
      site: scenario.site,
    }),
    products: offeredProducts(catalogueProducts, scenario.user.show_product_group, product.id),
    invoices: scenario.invoices,
    invoiceDetails: scenario.customer.invoiceDetails,
    latestInvoice: scenario.latestInvoice,
    discount: scenario.discount,
    customerBalance: scenario.customer.balance,
    hasAutoBillingEnabled: scenario.customer.autoBilling,
    forceUpgrade: request.forceUpgrade ?? scenario.host.forceUpgrade,
    isOwner: true,
    pendingSubscription: scenario.pendingSubscription,
    previousSubscription: null,
    scaSucceeded: request.scaSucceeded,
  };
}

/** The billing data the panel receives for a scenario (the answer of get-billing-data), built without a server. */
export function scenarioBillingData(
  name: ScenarioName,
  now: number,
  request: { forceUpgrade?: boolean; scaSucceeded?: boolean } = {},
  options: ScenarioOptions = {},
) {
  return assembleBillingData(scenarioBillingParts(buildScenarios(now, options)[name], request), now);
}
