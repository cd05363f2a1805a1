/**
 * The dashboard's writes (SPEC 2 "Billing dashboard", 4, 5, 7): card setup and update, invoice details,
 * billing contact, cancel at period end / reactivate, cancel now (in the background), the customer portal,
 * automatic billing, and the default payment method. Each one:
 * - validates its body with the call contract (registerCall), then checks the session and that every id it
 *   names is the session site's own (routes/access.ts: 403 otherwise, as the reads do);
 * - goes to the payments provider first and stores what it did after, so a provider failure changes nothing;
 * - is safe to retry: setup-card and cancel-background honour an `idempotency-key` header, update-card with a
 *   setup intent it has already saved changes nothing, and the others set a value (setting it twice is setting
 *   it once).
 */
import type { FastifyInstance } from 'fastify';
import type { LimitName, StatusFlags } from '../../core/contract';
import { billingContactError, normalizeBillingContact } from '../../core/rules/contacts';
import { toUnixSeconds } from '../../core/rules/dates';
import { exceededLimitNames } from '../../core/rules/limits';
import { isAutoBillingOptionEnabled } from '../../core/rules/plans';
import { flagsOf, siteLimitsOf } from '../billing/accountState';
import { idempotencyKeyOf } from '../billing/idempotency';
import { portalReturnUrl } from '../billing/portalReturn';
import { toUser } from '../billing/repositories';
import { messages } from '../domainErrors';
import { ApiError } from '../http/errors';
import { authenticate, ownCustomer, ownSubscription, ownUser } from './access';
import { actionMessages } from './actionMessages';
import { registerCall } from './call';
import type { ActionDeps } from './deps';

/**
 * Why automatic billing may not change. The rule itself is isAutoBillingOptionEnabled (core/rules/plans.ts; the
 * panel greys the option out by it); this only words the refusal, most actionable reason first.
 */
function autoBillingRefusal(flags: StatusFlags, exceeded: readonly LimitName[]): ApiError {
  if (flags.willCancelAtPeriodEnd) return new ApiError(409, 'auto_billing_cancelling', actionMessages.autoBilling.cancelling);
  if (flags.isGrace) return new ApiError(409, 'auto_billing_grace', actionMessages.autoBilling.grace);
  if (exceeded.length > 0) return new ApiError(409, 'auto_billing_over_limits', actionMessages.autoBilling.limits(exceeded));
  return new ApiError(409, 'auto_billing_inactive', actionMessages.autoBilling.inactive);
}

export function registerActionRoutes(app: FastifyInstance, deps: ActionDeps): void {
  const { repositories, payments } = deps;
  const nowSeconds = () => toUnixSeconds(deps.now());

  registerCall(app, 'setup-card', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const key = idempotencyKeyOf(request.headers);
    return deps.idempotency.run(account.site.id, key, 'setup-card', data, async () => {
      const intent = await payments.createSetupIntent(customer.id, { idempotencyKey: key });
      return { clientSecret: intent.clientSecret, setupIntentId: intent.id };
    });
  });

  registerCall(app, 'update-card', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const customer = ownCustomer(account, data.customerId);
    const saved = await repositories.cards.findUpdate(data.setupIntentId);
    if (saved !== undefined) {
      // Saved before (a retry): nothing changes, even if a newer card has been saved since.
      if (saved.customer_id !== customer.id) throw new ApiError(403, 'forbidden', messages.forbidden);
      return { user: toUser(account.user, customer) };
    }
    const intent = await payments.retrieveSetupIntent(data.setupIntentId);
    // Another customer's setup intent, or none: the same answer.
    if (intent === null || intent.customerId !== customer.id) throw new ApiError(403, 'forbidden', messages.forbidden);
    if (intent.status !== 'succeeded' || intent.paymentMethodId === null) throw new ApiError(409, 'card_not_confirmed', actionMessages.cardNotConfirmed);
    const card = await payments.setDefaultPaymentMethod(customer.id, intent.paymentMethodId);
    await repositories.cards.save(customer.id, { setupIntentId: intent.id, paymentMethodId: intent.paymentMethodId, ...card }, nowSeconds());
    const updated = await repositories.accounts.findCustomerByUser(account.user.id);
    return { user: toUser(account.user, updated) };
  });

  registerCall(app, 'add-invoice-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    // Stored as typed: it is text wherever it is shown (the panel renders text, the invoice page escapes it).
    await payments.updateCustomer(customer.id, { invoiceDetails: data.invoiceDetails });
    await repositories.accounts.setInvoiceDetails(customer.id, data.invoiceDetails);
    return { invoiceDetails: data.invoiceDetails };
  });

  registerCall(app, 'update-billing-contact', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const invalid = billingContactError(data.billingContact);
    if (invalid !== null) throw new ApiError(400, 'billing_contact_invalid', invalid);
    const billingContact = normalizeBillingContact(data.billingContact);
    // The provider sends invoices to the billing contact, or to the owner when there is none.
    if (account.customer !== undefined) await payments.updateCustomer(account.customer.id, { email: billingContact ?? account.user.email });
    await repositories.accounts.setBillingContact(account.user.id, billingContact);
    return { user: toUser({ ...account.user, billing_contact: billingContact }, account.customer) };
  });

  registerCall(app, 'cancel', deps.call, async ({ jwt, data }) => {
    const { subscription } = ownSubscription(await authenticate(deps, jwt), data.subscriptionId);
    if (subscription.status === 'canceled') throw new ApiError(409, 'already_canceled', actionMessages.alreadyCanceled);
    const cancelNow = await repositories.cancellationRequests.find(subscription.id);
    if (cancelNow !== undefined && cancelNow.completed_at === null) throw new ApiError(409, 'cancellation_in_progress', actionMessages.cancellingNow);
    const reactivate = data.continue === true;
    // Already as asked (a retry): answer the state, change nothing.
    if (reactivate === (subscription.cancelled_at === null)) return { data: { cancelled_at: subscription.cancelled_at } };
    const { cancelledAt } = await payments.setCancelAtPeriodEnd(subscription.provider_subscription_id, !reactivate);
    await repositories.subscriptions.setCancelledAt(subscription.id, cancelledAt);
    return { data: { cancelled_at: cancelledAt } };
  });

  registerCall(app, 'cancel-background', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const { subscription } = ownSubscription(account, data.subscriptionId);
    const key = idempotencyKeyOf(request.headers);
    return deps.idempotency.run(account.site.id, key, 'cancel-background', data, async () => {
      // Asking again, or after it is done, changes nothing: one request per subscription.
      if (subscription.status !== 'canceled') await deps.cancellations.request(subscription.id);
      return { ok: true as const };
    });
  });

  registerCall(app, 'get-stripe-portal-url', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    return payments.createPortalSession(customer.id, portalReturnUrl(account.site, data.redirectUrl));
  });

  registerCall(app, 'update-auto-billing', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownSubscription(account, data.subscriptionId);
    const customer = account.customer;
    if (customer === undefined) throw new ApiError(409, 'no_customer', messages.noCustomer);
    const current = customer.auto_billing === 1;
    // Already as asked (a retry): nothing to refuse, nothing to change.
    if (current === data.enabled) return { hasAutoBillingEnabled: current };
    const [flags, siteLimits] = await Promise.all([flagsOf(repositories, account, {}), siteLimitsOf(repositories, account)]);
    const exceeded = exceededLimitNames(siteLimits);
    if (flags === null) throw new ApiError(409, 'no_subscription', messages.noSubscription);
    if (!isAutoBillingOptionEnabled(flags, exceeded)) throw autoBillingRefusal(flags, exceeded);
    await payments.updateCustomer(customer.id, { autoBilling: data.enabled });
    await repositories.accounts.setAutoBilling(customer.id, data.enabled);
    return { hasAutoBillingEnabled: data.enabled };
  });

  registerCall(app, 'payment-method', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return { paymentMethodId: await payments.defaultPaymentMethod(customer.id) };
  });
}
