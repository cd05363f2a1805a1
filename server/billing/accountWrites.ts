/**
 * The dashboard's writes (SPEC 2 "Billing dashboard", 4, 5, 7): card setup and update, invoice details, billing
 * contact, cancel at period end / reactivate, cancel now (in the background), the customer portal, automatic
 * billing, and the default payment method. The calls (routes/actionRoutes.ts) check who asks and which of the site's
 * ids they name before they come here. Each write:
 * - goes to the payments provider first and stores what it did after, so a provider failure changes nothing;
 * - is safe to retry: update-card with a setup intent it has already saved changes nothing, and the others set a
 *   value (setting it twice is setting it once); setup-card and cancel-background are kept to one by their
 *   idempotency key (idempotency.ts), a tax ID's creation by the provider's key of the write (putTaxId).
 */
import type { CallData, InvoiceDetails, LimitName, StatusFlags, TaxId, User } from '../../core/contract';
import { billingContactError, normalizeBillingContact } from '../../core/rules/contacts';
import { toUnixSeconds } from '../../core/rules/dates';
import { exceededLimitNames } from '../../core/rules/limits';
import { normalizeTaxId, TAX_ID_INVALID_MESSAGE } from '../../core/rules/taxIds';
import { isAutoBillingOptionEnabled } from '../../core/rules/plans';
import type { CustomerRow } from '../db/schema';
import { DomainError, messages } from '../domainErrors';
import type { PaymentsProvider } from '../payments/provider';
import { actionMessages } from './actionMessages';
import { flagsOf, siteLimitsOf } from './accountState';
import { crashPoint } from './crashPoints';
import type { BackgroundCancellations } from './cancellations';
import type { Leases } from './leases';
import { portalReturnUrl } from './portalReturn';
import { toUser, type AccountRecord, type Repositories, type Subscribed } from './repositories';
import { toInvoiceDetails } from './repositories/accounts';

/** The tax ID as it is stored and sent, or a 'tax_id_invalid' refusal; null stays null (no tax ID). */
function checkedTaxId(taxId: TaxId | null): TaxId | null {
  if (taxId === null) return null;
  const normalized = normalizeTaxId(taxId);
  if (normalized === null) throw new DomainError('invalid', 'tax_id_invalid', TAX_ID_INVALID_MESSAGE);
  return normalized;
}

export interface AccountWriteDeps {
  repositories: Repositories;
  payments: PaymentsProvider;
  /** one tax ID change at a time per customer */
  leases: Leases;
  cancellations: BackgroundCancellations;
  /** milliseconds, as Date.now() */
  now: () => number;
}

/**
 * Why automatic billing may not change. The rule itself is isAutoBillingOptionEnabled (core/rules/plans.ts; the
 * panel greys the option out by it); this only words the refusal, most actionable reason first.
 */
function autoBillingRefusal(flags: StatusFlags, exceeded: readonly LimitName[]): DomainError {
  if (flags.willCancelAtPeriodEnd)
    return new DomainError('conflict', 'auto_billing_cancelling', actionMessages.autoBilling.cancelling);
  if (flags.isGrace) return new DomainError('conflict', 'auto_billing_grace', actionMessages.autoBilling.grace);
  if (exceeded.length > 0)
    return new DomainError('conflict', 'auto_billing_over_limits', actionMessages.autoBilling.limits(exceeded));
  return new DomainError('conflict', 'auto_billing_inactive', actionMessages.autoBilling.inactive);
}

export class AccountWrites {
  constructor(private readonly deps: AccountWriteDeps) {}

  async setupCard(
    customer: CustomerRow,
    idempotencyKey: string | undefined,
  ): Promise<{ clientSecret: string; setupIntentId: string }> {
    const intent = await this.deps.payments.createSetupIntent(customer.id, { idempotencyKey });
    return { clientSecret: intent.clientSecret, setupIntentId: intent.id };
  }

  /** Makes the card a confirmed setup intent saved the customer's default. */
  async updateCard(account: AccountRecord, customer: CustomerRow, setupIntentId: string): Promise<{ user: User }> {
    const { repositories, payments } = this.deps;
    const saved = await repositories.cards.findUpdate(setupIntentId);
    if (saved !== undefined) {
      // Saved before (a retry): nothing changes, even if a newer card has been saved since.
      if (saved.customer_id !== customer.id) throw new DomainError('forbidden', 'forbidden', messages.forbidden);
      return { user: toUser(account.user, customer) };
    }
    const intent = await payments.retrieveSetupIntent(setupIntentId);
    // Another customer's setup intent, or none: the same answer.
    if (intent === null || intent.customerId !== customer.id)
      throw new DomainError('forbidden', 'forbidden', messages.forbidden);
    if (intent.status !== 'succeeded' || intent.paymentMethodId === null)
      throw new DomainError('conflict', 'card_not_confirmed', actionMessages.cardNotConfirmed);
    const card = await payments.setDefaultPaymentMethod(customer.id, intent.paymentMethodId);
    await repositories.cards.save(
      customer.id,
      { setupIntentId: intent.id, paymentMethodId: intent.paymentMethodId, ...card },
      toUnixSeconds(this.deps.now()),
    );
    const updated = await repositories.accounts.findCustomerByUser(account.user.id);
    return { user: toUser(account.user, updated) };
  }

  /**
   * The invoice details: the tax ID first (the one part the provider may refuse: then nothing has changed), then
   * the text. Each part is the provider's and then ours before the next, so a failure between them leaves both
   * parts as the provider has them, and the retry finds the tax ID set already and writes only the text.
   */
  async setInvoiceDetails(
    customer: CustomerRow,
    request: Omit<CallData<'add-invoice-details'>, 'customerId'>,
  ): Promise<InvoiceDetails> {
    // Checked before anything is asked of the provider: a value not of its type's format changes nothing.
    const asked = request.taxId === undefined ? undefined : checkedTaxId(request.taxId);
    const taxId = asked === undefined ? toInvoiceDetails(customer).taxId : await this.putTaxId(customer, asked);
    // Stored as typed: it is text wherever it is shown (the panel renders text, the invoice page escapes it).
    const { invoiceDetails } = request;
    await this.deps.payments.updateCustomer(customer.id, { invoiceDetails });
    await this.deps.repositories.accounts.setInvoiceDetails(customer.id, invoiceDetails);
    return { invoiceDetails, taxId };
  }

  /**
   * The tax ID on file from now on, under the customer's lease: two saves at once would each replace the same old
   * one, and both new ones would print. So the customer is read again under it, and an unchanged tax ID (a retry,
   * a save of the text alone) asks nothing of the provider. The provider's object is made before it is recorded
   * here: a process killed between the two (kill -9, a lost machine) leaves it unrecorded, and only the one recorded
   * is ever taken off. So the provider's create is idempotent by what the write is (the customer, the one it
   * replaces as recorded, the type and value): the owner's retry of the same save gets that same object back and
   * records it, instead of making a second that the invoices would print beside it for good.
   */
  private putTaxId(customer: CustomerRow, taxId: TaxId | null): Promise<TaxId | null> {
    const { leases, repositories } = this.deps;
    return leases.exclusive(`tax-id:${customer.id}`, async () => {
      const current = (await repositories.accounts.findCustomerByUser(customer.user_id)) ?? customer;
      const stored = toInvoiceDetails(current).taxId;
      if (taxId?.type === stored?.type && taxId?.value === stored?.value) return taxId;
      const providerId = await this.replaceTaxId(current, taxId);
      await repositories.accounts.setTaxId(current.id, taxId, providerId);
      return taxId;
    });
  }

  /**
   * Puts `taxId` on the provider's customer in place of the one this server put there (never another: the owner
   * may keep their own at the provider), and answers its object's id. The new one is made first, so a refusal
   * leaves the old in place; should the old one not come off, the new one does, so the invoices never print both.
   */
  private async replaceTaxId(customer: CustomerRow, taxId: TaxId | null): Promise<string | null> {
    const { payments } = this.deps;
    const replaced = customer.tax_id_provider_id;
    const created = taxId === null ? null : await payments.createTaxId(customer.id, taxId, replaced);
    if (created !== null) crashPoint('tax-id:provider-created');
    if (replaced !== null) {
      try {
        await payments.deleteTaxId(customer.id, replaced);
      } catch (error) {
        // The failure to report is the first: taking the new one off is a best effort after it.
        if (created !== null) await payments.deleteTaxId(customer.id, created.id).catch(() => undefined);
        throw error;
      }
    }
    return created?.id ?? null;
  }

  async setBillingContact(account: AccountRecord, contact: string): Promise<{ user: User }> {
    const invalid = billingContactError(contact);
    if (invalid !== null) throw new DomainError('invalid', 'billing_contact_invalid', invalid);
    const billingContact = normalizeBillingContact(contact);
    // The provider sends invoices to the billing contact, or to the owner when there is none.
    if (account.customer !== undefined)
      await this.deps.payments.updateCustomer(account.customer.id, { email: billingContact ?? account.user.email });
    await this.deps.repositories.accounts.setBillingContact(account.user.id, billingContact);
    return { user: toUser({ ...account.user, billing_contact: billingContact }, account.customer) };
  }

  /** Cancels at the period's end, or reactivates (`reactivate`) a subscription set to cancel. */
  async setCancelAtPeriodEnd(
    { subscription }: Subscribed,
    reactivate: boolean,
  ): Promise<{ data: { cancelled_at: number | null } }> {
    if (subscription.status === 'canceled')
      throw new DomainError('conflict', 'already_canceled', actionMessages.alreadyCanceled);
    const cancelNow = await this.deps.repositories.cancellationRequests.find(subscription.id);
    if (cancelNow !== undefined && cancelNow.completed_at === null)
      throw new DomainError('conflict', 'cancellation_in_progress', actionMessages.cancellingNow);
    // Already as asked (a retry): answer the state, change nothing.
    if (reactivate === (subscription.cancelled_at === null))
      return { data: { cancelled_at: subscription.cancelled_at } };
    const { cancelledAt } = await this.deps.payments.setCancelAtPeriodEnd(
      subscription.customer_id,
      subscription.provider_subscription_id,
      !reactivate,
    );
    await this.deps.repositories.subscriptions.setCancelledAt(subscription.id, cancelledAt);
    return { data: { cancelled_at: cancelledAt } };
  }

  /** Cancels now, in the background (cancellations.ts). */
  async cancelNow({ subscription }: Subscribed): Promise<{ ok: true }> {
    // Asking again, or after it is done, changes nothing: one request per subscription.
    if (subscription.status !== 'canceled') await this.deps.cancellations.request(subscription.id);
    return { ok: true };
  }

  portalUrl(account: AccountRecord, customer: CustomerRow, redirectUrl: string): Promise<{ url: string }> {
    return this.deps.payments.createPortalSession(customer.id, portalReturnUrl(account.site, redirectUrl));
  }

  async setAutoBilling(account: AccountRecord, enabled: boolean): Promise<{ hasAutoBillingEnabled: boolean }> {
    const { repositories } = this.deps;
    const customer = account.customer;
    if (customer === undefined) throw new DomainError('conflict', 'no_customer', messages.noCustomer);
    const current = customer.auto_billing === 1;
    // Already as asked (a retry): nothing to refuse, nothing to change.
    if (current === enabled) return { hasAutoBillingEnabled: current };
    const flags = await flagsOf(repositories, account, {});
    const siteLimits = siteLimitsOf(account);
    const exceeded = exceededLimitNames(siteLimits);
    if (flags === null) throw new DomainError('conflict', 'no_subscription', messages.noSubscription);
    if (!isAutoBillingOptionEnabled(flags, exceeded)) throw autoBillingRefusal(flags, exceeded);
    await this.deps.payments.updateCustomer(customer.id, { autoBilling: enabled });
    await repositories.accounts.setAutoBilling(customer.id, enabled);
    return { hasAutoBillingEnabled: enabled };
  }

  async defaultPaymentMethod(customer: CustomerRow): Promise<{ paymentMethodId: string | null }> {
    return { paymentMethodId: await this.deps.payments.defaultPaymentMethod(customer.id) };
  }
}
