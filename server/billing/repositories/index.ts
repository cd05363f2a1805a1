/**
 * Reads and writes of the billing database, one store per area, reads mapped to the call contract's shapes.
 * Routes reach every area through one `Stores` (deps.store); nothing else knows the row layout (the payment
 * sandbox keeps its own objects: payments/sandbox/).
 */
import type { Db } from '../../db/database';
import { AccountStore } from './accounts';
import { CancellationRequestStore } from './cancellationRequests';
import { CardStore } from './cards';
import { CatalogueStore } from './catalogue';
import { IdempotencyKeyStore } from './idempotencyKeys';
import { InvoiceStore } from './invoices';
import { LeaseStore } from './leases';
import { PaymentEventStore } from './paymentEvents';
import { PlanChangeStore } from './planChanges';
import { SiteReadModel } from './siteReadModel';
import { SubscriptionStore } from './subscriptions';

export { toBlogs, toCurrentSite, toUser, type AccountRecord, type AccountStore, type Subscribed } from './accounts';
export { toPrice } from './catalogue';
export type { IdempotencyKeyStore } from './idempotencyKeys';
export type { LeaseStore } from './leases';

export interface Stores {
  /** sites, users, payment customers, site usage */
  accounts: AccountStore;
  /** products, prices, add-ons */
  catalogue: CatalogueStore;
  subscriptions: SubscriptionStore;
  /** invoices, payment intents, discounts */
  invoices: InvoiceStore;
  cards: CardStore;
  /** what plan changes leave: invoices, payment intents, subscriptions moved or waiting */
  planChanges: PlanChangeStore;
  cancellationRequests: CancellationRequestStore;
  idempotencyKeys: IdempotencyKeyStore;
  /** the provider's webhook events, applied once each */
  paymentEvents: PaymentEventStore;
  /** named locks shared by every server process */
  leases: LeaseStore;
}

export function createStores(db: Db): Stores {
  const catalogue = new CatalogueStore(db);
  const invoices = new InvoiceStore(db, catalogue);
  const subscriptions = new SubscriptionStore(db, catalogue, invoices);
  return {
    accounts: new AccountStore(db, catalogue, subscriptions, new SiteReadModel(db, catalogue)),
    catalogue,
    subscriptions,
    invoices,
    cards: new CardStore(db),
    planChanges: new PlanChangeStore(db),
    cancellationRequests: new CancellationRequestStore(db),
    idempotencyKeys: new IdempotencyKeyStore(db),
    paymentEvents: new PaymentEventStore(db),
    leases: new LeaseStore(db),
  };
}
