/**
 * Reads and writes of the billing database, one repository per area, reads mapped to the call contract's shapes.
 * Routes reach every area through one `Repositories` (deps.repositories); nothing else knows the row layout (the payment
 * sandbox keeps its own objects: payments/sandbox/).
 */
import type { Db } from '../../db/database';
import { AccountRepository } from './accounts';
import { BillingAnswerRepository } from './billingAnswersRepository';
import { CancellationRequestRepository } from './cancellationRequests';
import { CardRepository } from './cards';
import { CatalogueRepository } from './catalogueRepository';
import { IdempotencyKeyRepository } from './idempotencyKeys';
import { InvoiceRepository } from './invoices';
import { LeaseRepository } from './leasesRepository';
import { PaymentEventRepository } from './paymentEventsRepository';
import { PlanChangeRepository } from './planChangesRepository';
import { SITE_VIEWS_KEPT, SiteReadModel, type ReadModelStats } from './siteReadModel';
import { SubscriptionRepository } from './subscriptions';

export {
  siteUsageOf,
  toBlogs,
  toCurrentSite,
  toUser,
  type AccountRecord,
  type AccountRepository,
  type Subscribed,
} from './accounts';
export { toPrice } from './catalogueRepository';
export type { AccountRows } from './accountRowsRead';
export type {
  BillingAnswerLookup,
  BillingAnswerRepository,
  DueSite,
  StoredBillingAnswer,
} from './billingAnswersRepository';
export type { IdempotencyKeyRepository } from './idempotencyKeys';
export type { LeaseRepository } from './leasesRepository';
export type { ReadModelStats, ViewRead } from './siteReadModel';

export interface Repositories {
  /** sites, users, payment customers, site usage */
  accounts: AccountRepository;
  /** products, prices, add-ons */
  catalogue: CatalogueRepository;
  /** owners' get-billing-data answers as last made (billing/billingAnswers.ts) */
  billingAnswers: BillingAnswerRepository;
  subscriptions: SubscriptionRepository;
  /** invoices, payment intents, discounts */
  invoices: InvoiceRepository;
  cards: CardRepository;
  /** what plan changes leave: invoices, payment intents, subscriptions moved or waiting */
  planChanges: PlanChangeRepository;
  cancellationRequests: CancellationRequestRepository;
  idempotencyKeys: IdempotencyKeyRepository;
  /** the provider's webhook events, applied once each */
  paymentEvents: PaymentEventRepository;
  /** named locks shared by every server process */
  leases: LeaseRepository;
  /** the account reads' read model: its hits and misses since the start (siteReadModel.ts) */
  readModelStats(): ReadModelStats;
}

export interface RepositoryOptions {
  /** READ_MODEL_SITES_KEPT: users' site views the read model keeps (default SITE_VIEWS_KEPT) */
  readModelSitesKept?: number;
}

export function createRepositories(db: Db, options: RepositoryOptions = {}): Repositories {
  const catalogue = new CatalogueRepository(db);
  const invoices = new InvoiceRepository(db, catalogue);
  const subscriptions = new SubscriptionRepository(db, catalogue, invoices);
  const readModel = new SiteReadModel(db, catalogue, options.readModelSitesKept ?? SITE_VIEWS_KEPT);
  return {
    accounts: new AccountRepository(db, catalogue, readModel),
    catalogue,
    billingAnswers: new BillingAnswerRepository(db),
    subscriptions,
    invoices,
    cards: new CardRepository(db),
    planChanges: new PlanChangeRepository(db),
    cancellationRequests: new CancellationRequestRepository(db),
    idempotencyKeys: new IdempotencyKeyRepository(db),
    paymentEvents: new PaymentEventRepository(db),
    leases: new LeaseRepository(db),
    readModelStats: () => readModel.stats(),
  };
}
