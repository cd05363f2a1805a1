/**
 * How a scenario is built: the spec a table entry gives (the plan's price, its dates relative to now, card,
 * invoices, usage) and the one function that makes the whole contract-typed scenario from it, with the helpers the
 * table writes its specs with (a billing period before a date, monthly histories, add-on items, a card expiring
 * this month).
 */
import type {
  Addon,
  BillingPeriod,
  CurrentSite,
  Discount,
  Invoice,
  LatestInvoice,
  PendingSubscription,
  Subscription,
  SubscriptionAddon,
  SubscriptionStatus,
  TaxId,
  User,
} from '../../../core/contract';
import {
  BILLING_CURRENCY,
  MS_PER_SECOND,
  SECONDS_PER_DAY,
  SUBSCRIPTION_CYCLE_BILLING_REASON,
} from '../../../core/rules/constants';
import { toUnixSeconds } from '../../../core/rules/dates';
import { invoiceDescription } from '../../../core/rules/invoices';
import type { BillingParts } from '../../billing/aggregate';
import type { SiteUsage } from '../../billing/siteLimits';
import type { CustomersTable, SandboxTaxIdsTable, UsersTable } from '../../db/schema';
import { addPeriod, discountEnd } from '../../payments/proration';
import { newSandboxInvoicePath } from '../../payments/sandbox/sandboxInvoicePages';
import { cataloguePrice, launchCoupon } from '../../seed/demoCatalogue';
import type {
  Scenario,
  ScenarioCard,
  ScenarioName,
  ScenarioOptions,
  ScenarioPaymentIntent,
  ScenarioPerson,
} from './model';

const DEFAULT_VERSION = '5.96.0';
const DEFAULT_THEME = 'source';

/** A card that works until the end of the month `now` falls in (UTC). */
export function cardExpiringThisMonth(now: number): Pick<ScenarioCard, 'expMonth' | 'expYear'> {
  const today = new Date(now * MS_PER_SECOND);
  return { expMonth: today.getUTCMonth() + 1, expYear: today.getUTCFullYear() };
}

/** The shortest and the longest a billing period can be, in days. */
const PERIOD_DAYS: Record<BillingPeriod, readonly [number, number]> = { month: [28, 31], year: [365, 366] };

/**
 * One billing period before `seconds`, counted back by the provider's rule for counting forward (addPeriod): the
 * earliest date from which one period leads to `seconds`, or, when none does (`seconds` is past the last day of the
 * month before), the one that leads closest before it. So 28 February - 1 month = 28 January, and 31 March - 1
 * month = 28 (or 29) February, as 31 January + 1 month is.
 */
export function periodBefore(seconds: number, period: BillingPeriod): number {
  const [shortest, longest] = PERIOD_DAYS[period];
  let closestBefore = seconds - longest * SECONDS_PER_DAY;
  for (let days = longest; days >= shortest; days -= 1) {
    const candidate = seconds - days * SECONDS_PER_DAY;
    const next = addPeriod(candidate, period);
    if (next === seconds) return candidate;
    if (next < seconds) closestBefore = candidate;
  }
  return closestBefore;
}

export function startOfMonth(seconds: number): number {
  const date = new Date(seconds * MS_PER_SECOND);
  return toUnixSeconds(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

function slugOf(name: ScenarioName): string {
  return name.replace(/-/g, '_');
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

export interface InvoiceSpec {
  date: number;
  amount: number;
  /** unpaid invoices carry the detail of the latest invoice */
  paid: boolean;
}

interface OpenPayment {
  billingReason: string;
  intentStatus: 'requires_action' | 'requires_payment_method';
}

/** The subscription a scenario's site is on. */
export interface ScenarioPlanSpec {
  priceId: string;
  status: SubscriptionStatus;
  periodStart: number;
  periodEndOverride?: number;
  cancelledAt?: number | null;
  trialEnd?: number | null;
  addons?: SubscriptionAddon[];
  pendingPriceId?: string;
}

/** A site provisioned without a trial: no subscription yet, so nothing billed either. */
export interface NoSubscriptionSpec {
  noSubscription: true;
}

export type ScenarioSpec = ScenarioSiteSpec & (ScenarioPlanSpec | NoSubscriptionSpec);

/**
 * The owner's account fields: what the owner enters on the dashboard, kept on the payment customer or the billing
 * user. A new one is named here only, in this type, its default and the two mappings below (to the billing data's
 * parts and to the seed's columns); the scenario carries them as `account`, and a spec gives the values it wants.
 */
export interface ScenarioAccount {
  /** the customer's free text printed on invoices (add-invoice-details) */
  invoiceDetails: string;
  /** the customer's tax ID printed on invoices (add-invoice-details), kept at the card provider */
  taxId: TaxId | null;
  /** where invoices are also sent (update-billing-contact); null: the owner's own address */
  billingContact: string | null;
}

export const DEFAULT_ACCOUNT: ScenarioAccount = { invoiceDetails: '', taxId: null, billingContact: null };

/** The account's members of the billing data (server/billing/aggregate.ts's parts). */
export function accountBillingParts(account: ScenarioAccount): Pick<BillingParts, 'invoiceDetails' | 'taxId'> {
  return { invoiceDetails: account.invoiceDetails, taxId: account.taxId };
}

/**
 * The account's rows in the seed: the payment customer's columns, the billing user's, and the tax ID objects the
 * card provider (the sandbox) keeps on the customer, which its invoices print. The provider's id of the tax ID is
 * the scenario's own, so the server may replace it as it replaces one it made.
 */
export function accountRows(
  account: ScenarioAccount,
  customerId: string,
  createdAt: number,
): {
  customer: Pick<CustomersTable, 'invoice_details' | 'tax_id_type' | 'tax_id_value' | 'tax_id_provider_id'>;
  user: Pick<UsersTable, 'billing_contact'>;
  sandboxTaxIds: SandboxTaxIdsTable[];
} {
  const { taxId } = account;
  const taxIdId = taxId === null ? null : `txi_${customerId}`;
  return {
    customer: {
      invoice_details: account.invoiceDetails,
      tax_id_type: taxId?.type ?? null,
      tax_id_value: taxId?.value ?? null,
      tax_id_provider_id: taxIdId,
    },
    user: { billing_contact: account.billingContact },
    sandboxTaxIds:
      taxId === null || taxIdId === null
        ? []
        : [{ id: taxIdId, customer_id: customerId, type: taxId.type, value: taxId.value, created: createdAt }],
  };
}

export interface ScenarioSiteSpec {
  name: ScenarioName;
  description: string;
  owner: { first: string; last: string; email?: string };
  /** a staff member who is signed in instead of the owner */
  staff?: { first: string; last: string; role: 'Administrator' | 'Editor' };
  site?: Partial<CurrentSite>;
  card: ScenarioCard | null;
  balance?: number;
  /** the account fields that differ from DEFAULT_ACCOUNT */
  account?: Partial<ScenarioAccount>;
  autoBilling?: boolean;
  showAutoBilling?: boolean;
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

export function addonItem(addon: Addon, period: BillingPeriod): SubscriptionAddon {
  const price = addon.prices.find((candidate) => candidate.billing_period === period)!;
  return { name: addon.name, cost: price.cost, price: price.id };
}

/** `count` paid monthly invoices before a date, a month apart, the last a month before it: amounts as billed then. */
export function monthlyHistory(before: number, count: number, amount: number): InvoiceSpec[] {
  const history: InvoiceSpec[] = [];
  for (let date = periodBefore(before, 'month'); history.length < count; date = periodBefore(date, 'month')) {
    history.unshift({ date, amount, paid: true });
  }
  return history;
}

/** Why a scenario's invoice was billed: the first started the subscription, the latest has its own reason, the rest renewed it. */
export function invoiceBillingReason(index: number, count: number, latestReason: string): string {
  if (index === count - 1) return latestReason;
  return index === 0 ? 'subscription_create' : SUBSCRIPTION_CYCLE_BILLING_REASON;
}

/** The subscription of a scenario on a plan. */
function planSubscription(
  plan: ScenarioPlanSpec,
  slug: string,
  customerId: string,
  paymentIntent: ScenarioPaymentIntent | null,
): Subscription {
  const { product, price } = cataloguePrice(plan.priceId);
  const period = price.billing_period;
  return {
    id: `sub_${slug}`,
    customer_id: customerId,
    status: plan.status,
    current_period_end: plan.periodEndOverride ?? addPeriod(plan.periodStart, period),
    cancelled_at: plan.cancelledAt ?? null,
    stripe_subscription_id: `sbx_sub_${slug}`,
    trial_end: plan.trialEnd ?? null,
    meta: {
      baseProduct: {
        name: product.name,
        billing_period: period,
        group: product.group,
        quantity: 1,
        product: product.id,
        price: price.id,
      },
      addons: plan.addons ?? [],
      paymentIntentSecret: paymentIntent?.clientSecret ?? null,
    },
  };
}

export function buildScenario(spec: ScenarioSpec, options: Required<ScenarioOptions>): Scenario {
  const slug = slugOf(spec.name);
  const plan = 'noSubscription' in spec ? null : spec;
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
    // Proven (or no domain), and no claim lost: what the server answers unless the scenario says otherwise.
    domain_claim_expires_at: null,
    ended_domain_claim: null,
    ...spec.site,
  };

  const customerId = `cus_${slug}`;
  const card = spec.card;
  const account: ScenarioAccount = { ...DEFAULT_ACCOUNT, ...spec.account };
  const user: User = {
    id: owner.id,
    email_address: owner.email,
    billing_contact: account.billingContact,
    show_product_group: null,
    show_auto_billing: spec.showAutoBilling ?? spec.autoBilling ?? false,
    coupon: spec.coupon ?? null,
    cardType: card?.brand ?? null,
    cardExpiry: card ? `${twoDigits(card.expMonth)}/${card.expYear}` : null,
    cardLast4: card?.last4 ?? null,
  };

  const discount: Discount | null = spec.discount
    ? { coupon: launchCoupon, start: spec.discount.start, end: discountEnd(launchCoupon, spec.discount.start) }
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
          payment_intent: paymentIntent
            ? { status: paymentIntent.status, client_secret: paymentIntent.clientSecret }
            : null,
          amount_remaining: lastSpec.paid ? 0 : lastSpec.amount,
          discount: discount !== null && lastSpec.date >= discount.start ? discount : null,
        }
      : null;

  const subscription: Subscription | null =
    plan === null ? null : planSubscription(plan, slug, customerId, paymentIntent);
  const pending = plan?.pendingPriceId ? cataloguePrice(plan.pendingPriceId) : null;
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
    account,
    customer: {
      id: customerId,
      balance: spec.balance ?? 0,
      autoBilling: spec.autoBilling ?? false,
      card,
    },
    subscription,
    currentPeriodStart: plan?.periodStart ?? null,
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
