/**
 * The account read calls. Each needs a billing session token as `jwt` and sees only the session's site
 * (routes/access.ts: 403 for another site's ids, and for legacy-plan sites); what each answers is
 * billing/accountReads.ts's.
 */
import type { FastifyInstance } from 'fastify';
import { AccountReads } from '../billing/accountReads';
import type { BillingAnswers } from '../billing/billingAnswers';
import { requireSubscription } from '../billing/accountState';
import { PreparedReply } from '../http/preparedReplies';
import { keepMembersSerialized } from '../http/serializeReply';
import { authenticate, ownCustomer, requireOwnIds, sessionOf } from './access';
import { registerCall } from './registerCall';
import type { ApiDeps } from './routeDeps';

/** `billingAnswers`: the process's one, which also prepares answers ahead (billing/answerPreparation.ts). */
export function registerAccountRoutes(app: FastifyInstance, deps: ApiDeps, billingAnswers: BillingAnswers): void {
  const reads = new AccountReads(deps);

  registerCall(app, 'get-billing-data', deps.call, async ({ jwt, options }) => {
    // Stored gzipped, per owner and version (billing/billingAnswers.ts, which checks the owner before it makes one).
    const session = await sessionOf(deps, jwt);
    return PreparedReply.ofGzip(await billingAnswers.gzipped(session, options.forceUpgrade ?? false));
  });

  registerCall(app, 'get-subscription', deps.call, async ({ jwt, data, options }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { subId: data.subId });
    return reads.subscription(account, { forceUpgrade: options.forceUpgrade, scaSucceeded: options.sca });
  });

  registerCall(app, 'get-current-site', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { siteId: data.siteId, blogIds: data.blogs?.map((blog) => blog.id) });
    return reads.currentSite(account);
  });

  registerCall(app, 'get-current-site-limits', deps.call, async ({ jwt }) =>
    reads.siteLimits(await authenticate(deps, jwt)),
  );

  registerCall(app, 'get-current-plan', deps.call, async ({ jwt, data }) => {
    const account = requireSubscription(await authenticate(deps, jwt));
    return keepMembersSerialized(
      await reads.currentPlan(account, { priceId: data.stripePrice, productGroup: data.productGroup }),
    );
  });

  registerCall(app, 'get-invoice-details', deps.call, async ({ jwt, data }) =>
    reads.invoiceDetails(ownCustomer(await authenticate(deps, jwt), data.customerId)),
  );

  registerCall(app, 'get-invoices', deps.call, async ({ jwt, data }) => {
    const account = await authenticate(deps, jwt);
    requireOwnIds(account, { userId: data.userId });
    return reads.invoices(account);
  });

  registerCall(app, 'get-latest-invoice', deps.call, async ({ jwt, data }) =>
    reads.latestInvoice(ownCustomer(await authenticate(deps, jwt), data.customerId)),
  );

  registerCall(app, 'invoice-pdf', deps.call, async ({ jwt, data }) =>
    reads.invoicePdf(await authenticate(deps, jwt), data.invoiceId, data.locale),
  );

  registerCall(app, 'get-discount-details', deps.call, async ({ jwt, data }) =>
    reads.discount(ownCustomer(await authenticate(deps, jwt), data.customerId)),
  );

  registerCall(app, 'get-customer-balance', deps.call, async ({ jwt, data }) =>
    reads.customerBalance(ownCustomer(await authenticate(deps, jwt), data.customerId)),
  );

  registerCall(app, 'get-next-charge', deps.call, async ({ jwt }) =>
    reads.nextCharge(requireSubscription(await authenticate(deps, jwt))),
  );

  registerCall(app, 'get-account-info', deps.call, async ({ jwt, options }) =>
    reads.accountInfo(await authenticate(deps, jwt), options.forceUpgrade),
  );
}
