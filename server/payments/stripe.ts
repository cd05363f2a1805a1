/**
 * The real payments provider, through the official `stripe` package. Chosen with PAYMENTS_PROVIDER=stripe and
 * STRIPE_SECRET_KEY; STRIPE_API_BASE points the client at another address (the tests' local double of the API).
 *
 * How the calls map (payments/stripe.test.ts checks each against a recording double):
 * - createCustomer: POST /v1/customers (email, name, metadata user_id/site_id), keyed by the user so a retry
 *   cannot make a second customer;
 * - updateCustomer: POST /v1/customers/:id (email; invoice_settings[footer] for the invoice details, which the
 *   provider prints on every invoice; metadata[auto_billing]);
 * - createSetupIntent: POST /v1/setup_intents (customer, usage off_session, card);
 * - retrieveSetupIntent: GET /v1/setup_intents/:id;
 * - setDefaultPaymentMethod: GET /v1/payment_methods/:id, POST .../attach when it is not yet the customer's,
 *   then POST /v1/customers/:id invoice_settings[default_payment_method];
 * - defaultPaymentMethod: GET /v1/customers/:id;
 * - setCancelAtPeriodEnd: POST /v1/subscriptions/:id cancel_at_period_end=true|false;
 * - cancelSubscription: DELETE /v1/subscriptions/:id;
 * - createPortalSession: POST /v1/billing_portal/sessions (customer, return_url).
 */
import Stripe from 'stripe';
import { toUnixSeconds } from '../../src/lib/dates';
import {
  PaymentsProviderError,
  providerMessages,
  type CardDetails,
  type CustomerChanges,
  type NewCustomer,
  type PaymentsProvider,
  type SetupIntentSummary,
  type WriteOptions,
} from './provider';

/** The panel waits 18 s for our answer: one provider request must fit well inside it, retry included. */
const REQUEST_TIMEOUT_MS = 8000;
const NETWORK_RETRIES = 1;
const HTTP_NOT_FOUND = 404;
const HTTP_BAD_GATEWAY = 502;

export interface StripeProviderOptions {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 (tests); default: the provider's own API */
  apiBase?: string | null;
  now?: () => number;
}

type Expandable = string | { id: string } | null | undefined;

function idOf(value: Expandable): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

interface ProviderFailure {
  type?: string;
  code?: string;
  statusCode?: number;
}

function isMissing(error: unknown): boolean {
  const failure = error as ProviderFailure | null;
  return failure?.code === 'resource_missing' || failure?.statusCode === HTTP_NOT_FOUND;
}

/** The provider's failures as our errors: a missing object is a 404, anything else a 502 the panel may retry. */
function translate(error: unknown): never {
  if (error instanceof PaymentsProviderError) throw error;
  if (isMissing(error)) throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
  const failure = error as ProviderFailure | null;
  throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, failure?.code ?? failure?.type ?? null);
}

export function stripeClientOptions(apiBase: string | null | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'inkwell-billing-panel' },
  };
  if (apiBase) {
    const url = new URL(apiBase);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port !== '') options.port = Number(url.port);
  }
  return options;
}

export class StripeProvider implements PaymentsProvider {
  readonly name = 'stripe';
  private readonly client: Stripe;
  private readonly now: () => number;

  constructor(options: StripeProviderOptions) {
    this.client = new Stripe(options.secretKey, stripeClientOptions(options.apiBase));
    this.now = options.now ?? Date.now;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      return translate(error);
    }
  }

  createCustomer(customer: NewCustomer) {
    return this.call(async () => {
      const created = await this.client.customers.create(
        { email: customer.email, name: customer.name, metadata: { user_id: customer.userId, site_id: customer.siteId } },
        // The provider's customer is one per user: a retried first session must not make another.
        { idempotencyKey: `customer-${customer.userId}` },
      );
      return { id: created.id };
    });
  }

  updateCustomer(customerId: string, changes: CustomerChanges) {
    return this.call(async () => {
      const params: Stripe.CustomerUpdateParams = {};
      if (changes.email !== undefined) params.email = changes.email;
      if (changes.invoiceDetails !== undefined) params.invoice_settings = { footer: changes.invoiceDetails };
      if (changes.autoBilling !== undefined) params.metadata = { auto_billing: String(changes.autoBilling) };
      await this.client.customers.update(customerId, params);
    });
  }

  createSetupIntent(customerId: string, options: WriteOptions = {}) {
    return this.call(async () => {
      const intent = await this.client.setupIntents.create(
        { customer: customerId, usage: 'off_session', payment_method_types: ['card'] },
        // Keys are the provider account's: the customer id keeps one customer's keys apart from another's.
        options.idempotencyKey === undefined ? undefined : { idempotencyKey: `${customerId}:setup-card:${options.idempotencyKey}` },
      );
      if (intent.client_secret === null) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable);
      return { id: intent.id, clientSecret: intent.client_secret };
    });
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<SetupIntentSummary | null> {
    try {
      const intent = await this.client.setupIntents.retrieve(setupIntentId);
      return { id: intent.id, customerId: idOf(intent.customer), status: intent.status, paymentMethodId: idOf(intent.payment_method) };
    } catch (error) {
      if (isMissing(error)) return null;
      return translate(error);
    }
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
    return this.call(async (): Promise<CardDetails> => {
      let method = await this.client.paymentMethods.retrieve(paymentMethodId);
      const owner = idOf(method.customer);
      if (owner === null) {
        method = await this.client.paymentMethods.attach(paymentMethodId, { customer: customerId });
      } else if (owner !== customerId) {
        // Another customer's card: the same answer as a card that does not exist.
        throw new PaymentsProviderError(HTTP_NOT_FOUND, providerMessages.noSuchObject, 'resource_missing');
      }
      await this.client.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      const card = method.card;
      if (!card) throw new PaymentsProviderError(HTTP_BAD_GATEWAY, providerMessages.unavailable, 'not_a_card');
      return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
    });
  }

  defaultPaymentMethod(customerId: string) {
    return this.call(async () => {
      const customer = await this.client.customers.retrieve(customerId);
      if (customer.deleted) return null;
      return idOf(customer.invoice_settings.default_payment_method);
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    return this.call(async () => {
      const subscription = await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      if (!cancel) return { cancelledAt: null };
      return { cancelledAt: subscription.canceled_at ?? toUnixSeconds(this.now()) };
    });
  }

  async cancelSubscription(subscriptionId: string, options: WriteOptions = {}) {
    try {
      const subscription = await this.client.subscriptions.cancel(
        subscriptionId,
        undefined,
        options.idempotencyKey === undefined ? undefined : { idempotencyKey: options.idempotencyKey },
      );
      return { canceledAt: subscription.canceled_at ?? toUnixSeconds(this.now()) };
    } catch (error) {
      // Cancelling twice (a background retry after a lost answer) is done, not failed.
      const existing = await this.client.subscriptions.retrieve(subscriptionId).catch(() => null);
      if (existing?.status === 'canceled') return { canceledAt: existing.canceled_at ?? toUnixSeconds(this.now()) };
      return translate(error);
    }
  }

  createPortalSession(customerId: string, returnUrl: string) {
    return this.call(async () => {
      const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    });
  }
}
