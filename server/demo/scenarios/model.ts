/**
 * What a demo scenario is (docs/demo.md): its name among the scenarios, and the contract-typed data of its one site,
 * owner, customer, subscription, invoices and host. builder.ts makes them, table.ts names them.
 */
import type {
  Blog,
  CurrentSite,
  Discount,
  Invoice,
  LatestInvoice,
  PendingSubscription,
  Subscription,
  User,
} from '../../../core/contract';
import type { SiteUsage } from '../../billing/siteLimits';
import type { ScenarioAccount } from './builder';

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
  'domain-claimed',
  'card-expiring',
  'no-subscription',
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
  /** the owner's account fields (builder.ts names them) */
  account: ScenarioAccount;
  customer: ScenarioCustomer;
  /** null: the site was provisioned without a trial and has no subscription yet */
  subscription: Subscription | null;
  /** the first day of the current period (Unix seconds), null without a subscription; not part of the contract's Subscription */
  currentPeriodStart: number | null;
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
