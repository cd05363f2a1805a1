/**
 * The dashboard's writes (SPEC 2 "Billing dashboard", 4, 5, 7): card setup and update, invoice details, billing
 * contact, cancel at period end / reactivate, cancel now (in the background), the customer portal, automatic
 * billing, and the default payment method. Each validates its body with the call contract (registerCall), checks
 * the session and that every id it names is the session site's own (routes/access.ts: 403 otherwise, as the reads
 * do), and hands the write to billing/accountWrites.ts; setup-card and cancel-background honour an
 * `idempotency-key` header.
 */
import type { FastifyInstance } from 'fastify';
import { AccountWrites } from '../billing/accountWrites';
import { idempotencyKeyOf } from '../billing/idempotency';
import { authenticate, ownCustomer, ownSubscription, ownUser } from './access';
import { registerCall } from './registerCall';
import type { ActionDeps } from './routeDeps';

export function registerActionRoutes(app: FastifyInstance, deps: ActionDeps): void {
  const writes = new AccountWrites(deps);

  registerCall(app, 'setup-card', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const customer = ownCustomer(account, data.customerId);
    const key = idempotencyKeyOf(request.headers);
    return deps.idempotency.run(account.site.id, key, 'setup-card', data, () => writes.setupCard(customer, key));
  });

  registerCall(app, 'update-card', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    return writes.updateCard(account, ownCustomer(account, data.customerId), data.setupIntentId);
  });

  registerCall(app, 'add-invoice-details', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return writes.setInvoiceDetails(customer, data);
  });

  registerCall(app, 'update-billing-contact', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownUser(account, data.userId);
    return writes.setBillingContact(account, data.billingContact);
  });

  registerCall(app, 'cancel', deps.call, async ({ jwt, data }) => {
    const subscribed = ownSubscription(await authenticate(deps, jwt), data.subscriptionId);
    return writes.setCancelAtPeriodEnd(subscribed, data.continue === true);
  });

  registerCall(app, 'cancel-background', deps.call, async ({ jwt, data }, request) => {
    const account = await authenticate(deps, jwt);
    const subscribed = ownSubscription(account, data.subscriptionId);
    const key = idempotencyKeyOf(request.headers);
    return deps.idempotency.run(account.site.id, key, 'cancel-background', data, () => writes.cancelNow(subscribed));
  });

  registerCall(app, 'get-stripe-portal-url', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    return writes.portalUrl(account, ownCustomer(account, data.customerId), data.redirectUrl);
  });

  registerCall(app, 'update-auto-billing', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    ownSubscription(account, data.subscriptionId);
    return writes.setAutoBilling(account, data.enabled);
  });

  registerCall(app, 'payment-method', deps.call, async ({ jwt, data }) => {
    const customer = ownCustomer(await authenticate(deps, jwt), data.customerId);
    return writes.defaultPaymentMethod(customer);
  });
}
