/**
 * The payment sandbox's browser API: what the real provider's browser library does with its own servers
 * (`confirmCardSetup`, `confirmCardPayment`, the authentication challenge...), answered in the provider's shapes
 * and words. The sandbox card script (browser/) reaches it through `/sandbox/api/*` (routes/demoSandboxPaymentRoutes.ts),
 * with the client secret as the credential, as the real library does. Demo only.
 *
 * When a payment succeeds it also does what the real provider's webhooks would make our server do: the invoice is
 * paid, and our server's own step (`InvoicePaidHandler`, passed in: a subscription waiting on the invoice becomes
 * active, a plan change waiting on it applies) runs in the same transaction.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentIntentRow, SandboxPaymentMethodRow, SandboxSetupIntentRow } from '../../db/schema';
import {
  CONFIRMABLE,
  HTTP_BAD_REQUEST,
  HTTP_NOT_FOUND,
  HTTP_OK,
  HTTP_PAYMENT_REQUIRED,
  sandboxId,
  savedPaymentMethod,
  secondsOf,
  type SandboxContext,
} from './objects';
import {
  authenticationFailure,
  checkCard,
  declineFor,
  isCardBehaviour,
  isProviderError,
  type CardBehaviour,
  type CardInput,
  type ProviderError,
} from './testCards';

/** Where the real provider's library would show its challenge: the sandbox script shows its own. */
const CHALLENGE_ACTION = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'sandbox_challenge' } } as const;

export interface SetupIntentJson {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  payment_method: string | null;
  usage: 'off_session';
  next_action: typeof CHALLENGE_ACTION | null;
  last_setup_error: ProviderError | null;
  created: number;
  livemode: false;
}

export interface PaymentIntentJson {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: 'usd';
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: typeof CHALLENGE_ACTION | null;
  last_payment_error: ProviderError | null;
  created: number;
  livemode: false;
}

export interface PaymentMethodJson {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: 'US'; funding: 'credit' };
  billing_details: BillingDetails;
  customer: string | null;
  created: number;
  livemode: false;
}

export interface BillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: { postal_code: string | null } | null;
}

/** What the browser side answers: an HTTP status and the body the sandbox script reads. */
export type SandboxAnswer =
  | { status: number; body: { setupIntent: SetupIntentJson } }
  | { status: number; body: { paymentIntent: PaymentIntentJson } }
  | { status: number; body: { paymentMethod: PaymentMethodJson } }
  | {
      status: number;
      body: { token: { id: string; object: 'token'; type: 'card'; card: PaymentMethodJson['card']; created: number } };
    }
  | {
      status: number;
      body: { error: ProviderError & { setup_intent?: SetupIntentJson; payment_intent?: PaymentIntentJson } };
    };

function invalidRequest(code: string, message: string, status = HTTP_BAD_REQUEST): SandboxAnswer {
  return { status, body: { error: { type: 'invalid_request_error', code, message } } };
}

/** Stripe's answer to confirming an intent that is past confirming (already succeeded, say): the intent comes with it. */
function unexpectedState(
  object: 'setup_intent' | 'payment_intent',
  objectName: 'SetupIntent' | 'PaymentIntent',
  status: string,
  json: unknown,
): SandboxAnswer {
  const message = `You cannot confirm this ${objectName} because it has a status of ${status}.`;
  return {
    status: HTTP_BAD_REQUEST,
    body: { error: { type: 'invalid_request_error', code: `${object}_unexpected_state`, message, [object]: json } },
  };
}

/** What the sandbox keeps of the billing details sent with a card. */
export interface BillingInput {
  name?: string | null;
}

export interface ConfirmRequest {
  clientSecret: string;
  /** a new card, from the card field */
  card?: CardInput;
  /** or a saved payment method (payments only) */
  paymentMethodId?: string;
  billingDetails?: BillingInput;
}

type IntentKind = 'setup_intent' | 'payment_intent';

/** What our server does when the provider tells it an invoice of this subscription was paid, in the payment's transaction. */
export type InvoicePaidHandler = (trx: Db, subscriptionId: string) => Promise<void>;

export class SandboxBrowserApi {
  constructor(
    private readonly context: SandboxContext,
    private readonly onInvoicePaid: InvoicePaidHandler,
  ) {}

  private setupIntentJson(row: SandboxSetupIntentRow, lastError: ProviderError | null = null): SetupIntentJson {
    return {
      id: row.id,
      object: 'setup_intent',
      client_secret: row.client_secret,
      status: row.status,
      payment_method: row.payment_method_id,
      usage: 'off_session',
      next_action: row.status === 'requires_action' ? CHALLENGE_ACTION : null,
      last_setup_error: lastError,
      created: row.created,
      livemode: false,
    };
  }

  private paymentIntentJson(row: PaymentIntentRow, lastError: ProviderError | null = null): PaymentIntentJson {
    return {
      id: row.id,
      object: 'payment_intent',
      amount: row.amount,
      currency: 'usd',
      client_secret: row.client_secret,
      status: row.status,
      payment_method: row.payment_method_id,
      next_action: row.status === 'requires_action' ? CHALLENGE_ACTION : null,
      last_payment_error: lastError,
      created: row.created,
      livemode: false,
    };
  }

  private paymentMethodJson(row: SandboxPaymentMethodRow): PaymentMethodJson {
    return {
      id: row.id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: row.brand,
        last4: row.last4,
        exp_month: row.exp_month,
        exp_year: row.exp_year,
        country: 'US',
        funding: 'credit',
      },
      billing_details: {
        name: row.billing_name,
        email: null,
        phone: null,
        address: row.postal_code === null ? null : { postal_code: row.postal_code },
      },
      customer: row.customer_id,
      created: row.created,
      livemode: false,
    };
  }

  private findSetupIntent(clientSecret: string) {
    return this.context.db
      .selectFrom('sandbox_setup_intents')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
  }

  private findPaymentIntent(clientSecret: string) {
    return this.context.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .executeTakeFirst();
  }

  /** A new payment method from the card field's card; the error the provider answers for a bad card. */
  private async newPaymentMethod(
    card: CardInput,
    billing: BillingInput | undefined,
  ): Promise<SandboxPaymentMethodRow | ProviderError> {
    const checked = checkCard(card, this.context.now());
    if (isProviderError(checked)) return checked;
    const row: SandboxPaymentMethodRow = {
      id: sandboxId('pm'),
      customer_id: null,
      brand: checked.brand,
      last4: checked.last4,
      exp_month: checked.expMonth,
      exp_year: checked.expYear,
      behaviour: checked.behaviour,
      billing_name: typeof billing?.name === 'string' && billing.name.trim() !== '' ? billing.name.trim() : null,
      postal_code:
        typeof card.postal_code === 'string' && card.postal_code.trim() !== '' ? card.postal_code.trim() : null,
      created: secondsOf(this.context),
    };
    await this.context.db.insertInto('sandbox_payment_methods').values(row).execute();
    return row;
  }

  /** `stripe.createPaymentMethod({type: 'card', card})` */
  async createPaymentMethod(card: CardInput, billing?: BillingInput): Promise<SandboxAnswer> {
    const method = await this.newPaymentMethod(card, billing);
    if ('type' in method) return { status: HTTP_PAYMENT_REQUIRED, body: { error: method } };
    return { status: HTTP_OK, body: { paymentMethod: this.paymentMethodJson(method) } };
  }

  /** `stripe.createToken(card)`: the legacy card token, kept because the real library has it. */
  async createToken(card: CardInput): Promise<SandboxAnswer> {
    const checked = checkCard(card, this.context.now());
    if (isProviderError(checked)) return { status: HTTP_PAYMENT_REQUIRED, body: { error: checked } };
    return {
      status: HTTP_OK,
      body: {
        token: {
          id: sandboxId('tok'),
          object: 'token',
          type: 'card',
          card: {
            brand: checked.brand,
            last4: checked.last4,
            exp_month: checked.expMonth,
            exp_year: checked.expYear,
            country: 'US',
            funding: 'credit',
          },
          created: secondsOf(this.context),
        },
      },
    };
  }

  /** `stripe.confirmCardSetup(clientSecret, {payment_method: {card}})` */
  async confirmSetupIntent(request: ConfirmRequest): Promise<SandboxAnswer> {
    const intent = await this.findSetupIntent(request.clientSecret);
    if (intent === undefined) return invalidRequest('resource_missing', 'No such setupintent.', HTTP_NOT_FOUND);
    if (!CONFIRMABLE.includes(intent.status)) {
      return unexpectedState('setup_intent', 'SetupIntent', intent.status, this.setupIntentJson(intent));
    }
    if (request.card === undefined)
      return invalidRequest('parameter_missing', 'Missing required param: payment_method.');
    const method = await this.newPaymentMethod(request.card, request.billingDetails);
    if ('type' in method)
      return {
        status: HTTP_PAYMENT_REQUIRED,
        body: { error: { ...method, setup_intent: this.setupIntentJson(intent) } },
      };

    const behaviour = isCardBehaviour(method.behaviour) ? method.behaviour : 'succeeds';
    // Saving a card is not a charge: a card that only declines charges (0341) is saved.
    const decline = declineFor(behaviour, false);
    const status =
      decline !== null ? 'requires_payment_method' : behaviour === 'authenticate' ? 'requires_action' : 'succeeded';
    const updated = await this.moveSetupIntent(intent, status, decline === null ? method.id : null);
    if (updated === null) return this.raceLost('setup_intent');
    if (status === 'succeeded') await this.attach(method.id, intent.customer_id);
    if (decline !== null) {
      return {
        status: HTTP_PAYMENT_REQUIRED,
        body: { error: { ...decline, setup_intent: this.setupIntentJson(updated, decline) } },
      };
    }
    return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(updated) } };
  }

  /** `stripe.confirmCardPayment(clientSecret, {payment_method: {card} | 'pm_...'})` */
  async confirmPaymentIntent(request: ConfirmRequest): Promise<SandboxAnswer> {
    const intent = await this.findPaymentIntent(request.clientSecret);
    if (intent === undefined) return invalidRequest('resource_missing', 'No such payment_intent.', HTTP_NOT_FOUND);
    if (!CONFIRMABLE.includes(intent.status)) {
      return unexpectedState('payment_intent', 'PaymentIntent', intent.status, this.paymentIntentJson(intent));
    }
    let method: { id: string; customerId: string | null; behaviour: CardBehaviour };
    if (request.card !== undefined) {
      const created = await this.newPaymentMethod(request.card, request.billingDetails);
      if ('type' in created)
        return {
          status: HTTP_PAYMENT_REQUIRED,
          body: { error: { ...created, payment_intent: this.paymentIntentJson(intent) } },
        };
      method = {
        id: created.id,
        customerId: null,
        behaviour: isCardBehaviour(created.behaviour) ? created.behaviour : 'succeeds',
      };
    } else if ((request.paymentMethodId ?? intent.payment_method_id) !== null) {
      // A saved payment method by id; without one, the one the intent already has.
      const saved = await savedPaymentMethod(
        this.context.db,
        request.paymentMethodId ?? intent.payment_method_id ?? '',
      );
      // Another customer's card is not this customer's to use: the same answer as one that does not exist.
      if (saved === null || (saved.customerId !== null && saved.customerId !== intent.customer_id)) {
        return invalidRequest('resource_missing', 'No such PaymentMethod.', HTTP_NOT_FOUND);
      }
      method = saved;
    } else {
      return invalidRequest('parameter_missing', 'Missing required param: payment_method.');
    }

    const decline = declineFor(method.behaviour, true);
    const status =
      decline !== null
        ? 'requires_payment_method'
        : method.behaviour === 'authenticate'
          ? 'requires_action'
          : 'succeeded';
    const updated = await this.movePaymentIntent(intent, status, method.id);
    if (updated === null) return this.raceLost('payment_intent');
    if (decline !== null) {
      return {
        status: HTTP_PAYMENT_REQUIRED,
        body: { error: { ...decline, payment_intent: this.paymentIntentJson(updated, decline) } },
      };
    }
    return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(updated) } };
  }

  /** The challenge's outcome: the customer completed it, or failed it. */
  async completeAuthentication(clientSecret: string, outcome: 'complete' | 'fail'): Promise<SandboxAnswer> {
    const setup = await this.findSetupIntent(clientSecret);
    if (setup !== undefined) {
      if (setup.status !== 'requires_action') return this.notAwaitingChallenge('setup_intent', setup.status);
      if (outcome === 'complete') {
        const done = await this.moveSetupIntent(setup, 'succeeded', setup.payment_method_id);
        if (done === null) return this.raceLost('setup_intent');
        if (setup.payment_method_id !== null) await this.attach(setup.payment_method_id, setup.customer_id);
        return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(done) } };
      }
      const failure = authenticationFailure('setup_intent');
      const failed = await this.moveSetupIntent(setup, 'requires_payment_method', null);
      if (failed === null) return this.raceLost('setup_intent');
      return {
        status: HTTP_PAYMENT_REQUIRED,
        body: { error: { ...failure, setup_intent: this.setupIntentJson(failed, failure) } },
      };
    }
    const payment = await this.findPaymentIntent(clientSecret);
    if (payment === undefined) return invalidRequest('resource_missing', 'No such intent.', HTTP_NOT_FOUND);
    if (payment.status !== 'requires_action') return this.notAwaitingChallenge('payment_intent', payment.status);
    if (outcome === 'complete') {
      const done = await this.movePaymentIntent(payment, 'succeeded', payment.payment_method_id);
      if (done === null) return this.raceLost('payment_intent');
      return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(done) } };
    }
    const failure = authenticationFailure('payment_intent');
    const failed = await this.movePaymentIntent(payment, 'requires_payment_method', payment.payment_method_id);
    if (failed === null) return this.raceLost('payment_intent');
    return {
      status: HTTP_PAYMENT_REQUIRED,
      body: { error: { ...failure, payment_intent: this.paymentIntentJson(failed, failure) } },
    };
  }

  /** `stripe.retrievePaymentIntent(clientSecret)` (and the setup intent, for the script's own use). */
  async retrieveIntent(clientSecret: string): Promise<SandboxAnswer> {
    const setup = await this.findSetupIntent(clientSecret);
    if (setup !== undefined) return { status: HTTP_OK, body: { setupIntent: this.setupIntentJson(setup) } };
    const payment = await this.findPaymentIntent(clientSecret);
    if (payment !== undefined) return { status: HTTP_OK, body: { paymentIntent: this.paymentIntentJson(payment) } };
    return invalidRequest('resource_missing', 'No such intent.', HTTP_NOT_FOUND);
  }

  /** Moves a setup intent on from the status it was read in; null when another request moved it first. */
  private async moveSetupIntent(intent: SandboxSetupIntentRow, status: string, paymentMethodId: string | null) {
    const result = await this.context.db
      .updateTable('sandbox_setup_intents')
      .set({ status, payment_method_id: paymentMethodId })
      .where('id', '=', intent.id)
      .where('status', '=', intent.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return { ...intent, status, payment_method_id: paymentMethodId };
  }

  /** Moves a payment intent on; on success its invoice is paid and its subscription active, in one transaction. */
  private async movePaymentIntent(intent: PaymentIntentRow, status: string, paymentMethodId: string | null) {
    return this.context.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('payment_intents')
        .set({ status, payment_method_id: paymentMethodId })
        .where('id', '=', intent.id)
        .where('status', '=', intent.status)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return null;
      if (status === 'succeeded' && intent.invoice_id !== null) {
        // What the provider's invoice.paid webhook makes our server do.
        const invoice = await trx
          .updateTable('invoices')
          .set({ status: 'paid', amount_paid: sql<number>`amount_due`, amount_remaining: 0 })
          .where('id', '=', intent.invoice_id)
          .returning('subscription_id')
          .executeTakeFirst();
        // A subscription waiting on it becomes active; a plan change waiting on it applies.
        if (invoice?.subscription_id != null) await this.onInvoicePaid(trx, invoice.subscription_id);
      }
      return { ...intent, status, payment_method_id: paymentMethodId };
    });
  }

  private async attach(paymentMethodId: string, customerId: string): Promise<void> {
    await this.context.db
      .updateTable('sandbox_payment_methods')
      .set({ customer_id: customerId })
      .where('id', '=', paymentMethodId)
      .where('customer_id', 'is', null)
      .execute();
  }

  private raceLost(kind: IntentKind): SandboxAnswer {
    return invalidRequest(
      `${kind}_unexpected_state`,
      'This intent was updated by another request at the same time. Try again.',
    );
  }

  private notAwaitingChallenge(kind: IntentKind, status: string): SandboxAnswer {
    return invalidRequest(
      `${kind}_unexpected_state`,
      `This intent is not waiting for authentication: it has a status of ${status}.`,
    );
  }
}
