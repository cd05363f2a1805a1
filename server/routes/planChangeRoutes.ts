/**
 * The plan change calls (SPEC 4 "Plan change flow", "Coupon swap", "Switching period"; SPEC 7): the invoice
 * preview, change-subscription and activate-subscription, the coupon swap and its details, and the payment of an
 * open invoice. Like the dashboard's writes (routes/actionRoutes.ts) each validates its body with the contract and
 * allows only the session site's ids (403 otherwise), and the writes honour an `idempotency-key` header so a
 * double submit charges once. The change itself is billing/planChange.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRecord, Subscribed } from '../billing/accountAccess';
import { requireSubscription } from '../billing/accountState';
import { idempotencyKeyOf } from '../billing/idempotency';
import { PlanChanges } from '../billing/planChange';
import { planChangeMessages } from '../billing/planChangeMessages';
import { DomainError } from '../domainErrors';
import { authenticate, ownCustomer, ownSubscription, ownUser } from './access';
import { registerCall } from './registerCall';
import type { ActionDeps } from './routeDeps';

/** The account of a site without a subscription; one that has a subscription must name it (409 otherwise). */
function withoutSubscription(account: AccountRecord): AccountRecord {
  if (account.subscription !== undefined)
    throw new DomainError('conflict', 'subscription_running', planChangeMessages.notActivatable);
  return account;
}

export function registerPlanChangeRoutes(app: FastifyInstance, deps: ActionDeps): void {
  const planChanges = new PlanChanges(deps);
  const writeKey = (request: FastifyRequest) => idempotencyKeyOf(request.headers);

  /** A change of the named subscription, in its turn, on the subscription as it is then, if it is still the caller's. */
  const oneAtATime = <T>(
    account: AccountRecord,
    subscriptionId: string,
    change: (subscribed: Subscribed) => Promise<T>,
  ) => planChanges.oneAtATime(account, subscriptionId, (current) => ownSubscription(current, subscriptionId), change);

  registerCall(app, 'get-invoice-preview', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    // No subscription named: the preview of the site's first, only while it has none.
    const subscribed =
      data.subscriptionId === null ? withoutSubscription(account) : ownSubscription(account, data.subscriptionId);
    const addonIds = data.addonPrices.flatMap((addon) => (addon.selected === null ? [] : [addon.selected]));
    const choice = { planId: data.basePrices.selected, addonIds, period: data.period, couponId: data.couponId };
    return deps.providerAnswers.answer(account, 'get-invoice-preview', choice, () =>
      planChanges.preview(subscribed, customer.id, choice),
    );
  });

  registerCall(app, 'change-subscription', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'change-subscription', data, (keep) =>
      oneAtATime(account, data.subscriptionId, (subscribed) => planChanges.change(subscribed, customer.id, data, keep)),
    );
  });

  registerCall(app, 'activate-subscription', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    const { subscriptionId } = data;
    return deps.idempotency.run(account.site.id, key, 'activate-subscription', data, (keep) =>
      subscriptionId === null
        ? planChanges.firstOneAtATime(account, (current) => planChanges.activateFirst(current, customer.id, data, keep))
        : oneAtATime(account, subscriptionId, (subscribed) =>
            planChanges.activate(subscribed, customer.id, data, keep),
          ),
    );
  });

  registerCall(app, 'update-discount', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'update-discount', data, async () => ({
      discount: await planChanges.swapCoupon(customer.id, account.subscription, data.couponId),
    }));
  });

  registerCall(app, 'get-coupon-details', deps.call, async ({ jwt, data }) => {
    await authenticate(deps, jwt);
    return { coupon: await planChanges.coupon(data.couponId) };
  });

  registerCall(app, 'create-payment-intent', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const { subscription } = requireSubscription(account);
    const key = writeKey(request);
    return deps.idempotency.run(account.site.id, key, 'create-payment-intent', data, async () => {
      const intent = await planChanges.payOpenInvoice(customer.id, subscription, key);
      return { payment_intent: { id: intent.id, client_secret: intent.clientSecret, amount: intent.amount } };
    });
  });
}
