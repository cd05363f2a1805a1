import type { LatestInvoice, StatusFlags, SubscriptionStatus } from '../contract';
import {
  accountRedirect,
  dashboardRedirect,
  deriveStatusFlags,
  invoiceNeedsPaymentAction,
  isSubscriptionCycleInvoice,
  hasSubscription,
  needsCheckout,
  noSubscriptionFlags,
  plansRedirect,
  type FlagInputs,
  type PlansRouteInputs,
  type StateRoute,
} from './flags';

type InvoiceInput = FlagInputs['latestInvoice'];

const openInvoice = (intentStatus: string, billingReason = 'subscription_update'): NonNullable<InvoiceInput> => ({
  status: 'open',
  billing_reason: billingReason,
  payment_intent: { status: intentStatus, client_secret: 'pi_secret' },
});

const paidCycleInvoice: NonNullable<InvoiceInput> = {
  status: 'paid',
  billing_reason: 'subscription_cycle',
  payment_intent: { status: 'succeeded', client_secret: 'pi_secret' },
};

function inputs(
  overrides: Partial<FlagInputs> & { status?: SubscriptionStatus; cancelledAt?: number | null } = {},
): FlagInputs {
  const { status = 'active', cancelledAt = null, ...rest } = overrides;
  return {
    subscription: { status, cancelled_at: cancelledAt },
    latestInvoice: paidCycleInvoice,
    hasAutoBillingEnabled: false,
    forceUpgrade: false,
    isOwner: true,
    ...rest,
  };
}

const noFlags: StatusFlags = {
  isTrial: false,
  isActive: false,
  isIncomplete: false,
  isInactive: false,
  isGrace: false,
  isPending: false,
  isAutoBillingGrace: false,
  forceUpgradeOwner: false,
  willCancelAtPeriodEnd: false,
};
const flags = (set: Partial<StatusFlags>): StatusFlags => ({ ...noFlags, ...set });

describe('deriveStatusFlags: "trialing: isTrial. active: isActive. incomplete: isIncomplete. canceled or any other status: isInactive."', () => {
  it.each<[SubscriptionStatus, Partial<StatusFlags>]>([
    ['trialing', { isTrial: true }],
    ['active', { isActive: true }],
    ['incomplete', { isIncomplete: true }],
    ['canceled', { isInactive: true }],
    // Ambiguity decided: "any other status" includes the grace statuses, so they are inactive too.
    ['past_due', { isInactive: true, isGrace: true }],
    ['unpaid', { isInactive: true, isGrace: true }],
  ])('%s gives %o', (status, expected) => {
    expect(deriveStatusFlags(inputs({ status }))).toEqual(flags(expected));
  });
});

describe('deriveStatusFlags: "past_due or unpaid: grace, except for an auto-billing subscription whose invoice reason is not a subscription cycle"', () => {
  it.each<[string, FlagInputs, boolean]>([
    [
      'past_due, manual billing, off-cycle invoice',
      inputs({ status: 'past_due', latestInvoice: openInvoice('requires_action') }),
      true,
    ],
    ['past_due, auto-billing, cycle invoice', inputs({ status: 'past_due', hasAutoBillingEnabled: true }), true],
    [
      'past_due, auto-billing, off-cycle invoice',
      inputs({ status: 'past_due', hasAutoBillingEnabled: true, latestInvoice: openInvoice('requires_action') }),
      false,
    ],
    [
      'unpaid, auto-billing, off-cycle invoice',
      inputs({ status: 'unpaid', hasAutoBillingEnabled: true, latestInvoice: openInvoice('succeeded') }),
      false,
    ],
    // Ambiguity decided: with no latest invoice there is no off-cycle reason, so grace stands and asks for payment.
    [
      'past_due, auto-billing, no latest invoice',
      inputs({ status: 'past_due', hasAutoBillingEnabled: true, latestInvoice: null }),
      true,
    ],
    ['active is never grace', inputs({ status: 'active' }), false],
  ])('%s: isGrace %s', (_label, input, expected) => {
    expect(deriveStatusFlags(input).isGrace).toBe(expected);
  });
});

describe('deriveStatusFlags: pending "when the subscription is active, or is auto-billing, past_due and on a non-cycle invoice; and the latest invoice is open; and its payment intent needs action or a payment method"', () => {
  it.each<[string, FlagInputs, Pick<StatusFlags, 'isPending' | 'isAutoBillingGrace'>]>([
    [
      'active, open, requires_action',
      inputs({ latestInvoice: openInvoice('requires_action') }),
      { isPending: true, isAutoBillingGrace: false },
    ],
    [
      'active, open, requires_payment_method',
      inputs({ latestInvoice: openInvoice('requires_payment_method') }),
      { isPending: true, isAutoBillingGrace: false },
    ],
    [
      'active, open on a cycle invoice',
      inputs({ latestInvoice: openInvoice('requires_action', 'subscription_cycle') }),
      { isPending: true, isAutoBillingGrace: false },
    ],
    [
      'active, open, intent processing',
      inputs({ latestInvoice: openInvoice('processing') }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    [
      'active, invoice paid',
      inputs({ latestInvoice: { ...openInvoice('requires_action'), status: 'paid' } }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    [
      'active, open invoice without payment intent',
      inputs({ latestInvoice: { ...openInvoice('requires_action'), payment_intent: null } }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    ['active, no latest invoice', inputs({ latestInvoice: null }), { isPending: false, isAutoBillingGrace: false }],
    [
      '"With auto-billing it is auto-billing grace": active',
      inputs({ hasAutoBillingEnabled: true, latestInvoice: openInvoice('requires_action') }),
      { isPending: false, isAutoBillingGrace: true },
    ],
    [
      '"With auto-billing it is auto-billing grace": past_due off-cycle',
      inputs({
        status: 'past_due',
        hasAutoBillingEnabled: true,
        latestInvoice: openInvoice('requires_payment_method'),
      }),
      { isPending: false, isAutoBillingGrace: true },
    ],
    [
      'past_due off-cycle without auto-billing is grace, not pending',
      inputs({ status: 'past_due', latestInvoice: openInvoice('requires_action') }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    [
      'past_due auto-billing on a cycle invoice is grace, not pending',
      inputs({
        status: 'past_due',
        hasAutoBillingEnabled: true,
        latestInvoice: openInvoice('requires_action', 'subscription_cycle'),
      }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    // Ambiguity decided: the spec names past_due only; unpaid has stopped collecting, so it is never pending.
    [
      'unpaid auto-billing off-cycle',
      inputs({ status: 'unpaid', hasAutoBillingEnabled: true, latestInvoice: openInvoice('requires_action') }),
      { isPending: false, isAutoBillingGrace: false },
    ],
    [
      'trialing with an open invoice',
      inputs({ status: 'trialing', latestInvoice: openInvoice('requires_action') }),
      { isPending: false, isAutoBillingGrace: false },
    ],
  ])('%s', (_label, input, expected) => {
    const result = deriveStatusFlags(input);
    expect({ isPending: result.isPending, isAutoBillingGrace: result.isAutoBillingGrace }).toEqual(expected);
  });
});

describe('deriveStatusFlags: "A strong-customer-authentication success flag turns an incomplete subscription active and clears pending."', () => {
  it.each<[string, FlagInputs, Partial<StatusFlags>]>([
    ['incomplete becomes active', inputs({ status: 'incomplete', scaSucceeded: true }), { isActive: true }],
    [
      'incomplete without the flag stays incomplete',
      inputs({ status: 'incomplete', scaSucceeded: false }),
      { isIncomplete: true },
    ],
    [
      'pending is cleared',
      inputs({ scaSucceeded: true, latestInvoice: openInvoice('requires_action') }),
      { isActive: true },
    ],
    [
      'auto-billing grace is cleared',
      inputs({
        status: 'past_due',
        scaSucceeded: true,
        hasAutoBillingEnabled: true,
        latestInvoice: openInvoice('requires_action'),
      }),
      { isInactive: true },
    ],
    [
      'a canceled subscription stays inactive',
      inputs({ status: 'canceled', scaSucceeded: true }),
      { isInactive: true },
    ],
  ])('%s', (_label, input, expected) => {
    expect(deriveStatusFlags(input)).toEqual(flags(expected));
  });
});

describe('deriveStatusFlags: forceUpgradeOwner = forceUpgrade && isOwner && !isActive ("A force-upgrade owner is sent to /plans")', () => {
  it.each<[string, FlagInputs, boolean]>([
    ['owner, forced, trial over (canceled)', inputs({ status: 'canceled', forceUpgrade: true }), true],
    ['owner, forced, still trialing', inputs({ status: 'trialing', forceUpgrade: true }), true],
    ['owner, forced, but active', inputs({ status: 'active', forceUpgrade: true }), false],
    [
      'owner, forced, incomplete turned active by SCA',
      inputs({ status: 'incomplete', forceUpgrade: true, scaSucceeded: true }),
      false,
    ],
    [
      '"Non-owners are told to ask the owner"',
      inputs({ status: 'canceled', forceUpgrade: true, isOwner: false }),
      false,
    ],
    ['owner, no forced upgrade', inputs({ status: 'canceled' }), false],
  ])('%s: %s', (_label, input, expected) => {
    expect(deriveStatusFlags(input).forceUpgradeOwner).toBe(expected);
  });
});

describe('deriveStatusFlags: "Setting cancelled_at makes willCancelAtPeriodEnd true."', () => {
  it.each<[SubscriptionStatus, number | null, boolean]>([
    ['active', 1_900_000_000, true],
    ['active', null, false],
    ['trialing', 1_900_000_000, true],
    // Ambiguity decided: a subscription already canceled has no period end left to cancel at.
    ['canceled', 1_900_000_000, false],
  ])('%s with cancelled_at %p: %s', (status, cancelledAt, expected) => {
    expect(deriveStatusFlags(inputs({ status, cancelledAt })).willCancelAtPeriodEnd).toBe(expected);
  });
});

describe('invoice helpers: "A subscription-cycle invoice has billing_reason \'subscription_cycle\'"', () => {
  it.each<[Pick<LatestInvoice, 'billing_reason'> | null, boolean]>([
    [{ billing_reason: 'subscription_cycle' }, true],
    [{ billing_reason: 'subscription_update' }, false],
    [null, false],
  ])('isSubscriptionCycleInvoice(%p) is %s', (invoice, expected) => {
    expect(isSubscriptionCycleInvoice(invoice)).toBe(expected);
  });

  it.each<[string, Pick<LatestInvoice, 'status' | 'payment_intent'> | null, boolean]>([
    ['open, requires_action', openInvoice('requires_action'), true],
    ['open, requires_payment_method', openInvoice('requires_payment_method'), true],
    ['open, succeeded', openInvoice('succeeded'), false],
    ['draft, requires_action', { ...openInvoice('requires_action'), status: 'draft' }, false],
    ['no invoice', null, false],
  ])('invoiceNeedsPaymentAction: %s is %s', (_label, invoice, expected) => {
    expect(invoiceNeedsPaymentAction(invoice)).toBe(expected);
  });
});

describe('needsCheckout: "Incomplete and auto-billing grace users are sent to checkout."', () => {
  it.each([
    [{ isIncomplete: true, isAutoBillingGrace: false }, true],
    [{ isIncomplete: false, isAutoBillingGrace: true }, true],
    [{ isIncomplete: false, isAutoBillingGrace: false }, false],
  ])('%o: %s', (input, expected) => {
    expect(needsCheckout(input)).toBe(expected);
  });
});

describe('dashboardRedirect (SPEC 2 "Billing dashboard")', () => {
  it.each<[string, Partial<StatusFlags>, StateRoute]>([
    ['"The dashboard redirects to /plans for trials"', { isTrial: true }, '/plans'],
    [
      '"and for a forced upgrade without an active subscription"',
      { forceUpgradeOwner: true, isInactive: true },
      '/plans',
    ],
    ['a forced upgrade with an active subscription stays', { forceUpgradeOwner: true, isActive: true }, null],
    ['"redirects to the checkout route when the subscription is incomplete"', { isIncomplete: true }, 'checkout'],
    ['"or in auto-billing grace"', { isActive: true, isAutoBillingGrace: true }, 'checkout'],
    // Ambiguity decided: a payment under way is finished before any new plan choice.
    [
      'incomplete forced-upgrade owner finishes the payment first',
      { isIncomplete: true, forceUpgradeOwner: true },
      'checkout',
    ],
    ['grace stays on the dashboard', { isGrace: true, isInactive: true }, null],
    ['pending stays on the dashboard (a warning links to payment)', { isActive: true, isPending: true }, null],
    ['active stays', { isActive: true }, null],
  ])('%s', (_label, set, expected) => {
    expect(dashboardRedirect(flags(set))).toBe(expected);
  });
});

describe('plansRedirect (SPEC 2 "Plans screen")', () => {
  const base: PlansRouteInputs = {
    flags: flags({ isActive: true }),
    hasError: false,
    availableProductCount: 3,
    purchasableProductCount: 3,
    baseProductName: 'publisher',
  };
  it.each<[string, Partial<PlansRouteInputs>, StateRoute]>([
    ['"billing data has an error"', { hasError: true }, '/'],
    ['"there are no available products"', { availableProductCount: 0 }, '/'],
    ['"the base product is custom"', { baseProductName: 'Custom' }, '/'],
    ['"cancel at period end is pending"', { flags: flags({ isActive: true, willCancelAtPeriodEnd: true }) }, '/'],
    ['"the account is in grace"', { flags: flags({ isGrace: true, isInactive: true }) }, '/'],
    [
      '"Redirect to the checkout route ... when the subscription is incomplete"',
      { flags: flags({ isIncomplete: true }) },
      'checkout',
    ],
    ['"or in auto-billing grace"', { flags: flags({ isActive: true, isAutoBillingGrace: true }) }, 'checkout'],
    [
      '"Redirect to / when no purchasable products exist and the site is not on trial"',
      { purchasableProductCount: 0 },
      '/',
    ],
    [
      'a trial without purchasable products stays',
      { purchasableProductCount: 0, flags: flags({ isTrial: true }) },
      null,
    ],
    ['an active subscription stays', {}, null],
  ])('%s', (_label, overrides, expected) => {
    expect(plansRedirect({ ...base, ...overrides })).toBe(expected);
  });
});

describe('accountRedirect (SPEC 2 "Custom domain setup", SPEC 4 "Sending domain")', () => {
  it.each<[string, Parameters<typeof accountRedirect>[0], StateRoute]>([
    [
      '"account info fails with anything but 403: go to /"',
      { isGrace: false, forceUpgradeOwner: false, errorStatus: 500 },
      '/',
    ],
    [
      '"On 403 a message says the account is on a special legacy plan"',
      { isGrace: false, forceUpgradeOwner: false, errorStatus: 403 },
      null,
    ],
    ['"forced-upgrade owner: go to /plans"', { isGrace: false, forceUpgradeOwner: true, errorStatus: null }, '/plans'],
    ['"grace state: go to /"', { isGrace: true, forceUpgradeOwner: false, errorStatus: null }, '/'],
    ['otherwise stay', { isGrace: false, forceUpgradeOwner: false, errorStatus: null }, null],
  ])('%s', (_label, input, expected) => {
    expect(accountRedirect(input)).toBe(expected);
  });
});

describe('noSubscriptionFlags', () => {
  it('is inactive with nothing running, and a forced upgrade concerns the owner only', () => {
    const base = {
      isTrial: false,
      isActive: false,
      isIncomplete: false,
      isInactive: true,
      isGrace: false,
      isPending: false,
      isAutoBillingGrace: false,
    };
    expect(noSubscriptionFlags({ forceUpgrade: true, isOwner: true })).toMatchObject({
      ...base,
      forceUpgradeOwner: true,
      willCancelAtPeriodEnd: false,
    });
    expect(noSubscriptionFlags({ forceUpgrade: true, isOwner: false }).forceUpgradeOwner).toBe(false);
    expect(noSubscriptionFlags({ forceUpgrade: false, isOwner: true }).forceUpgradeOwner).toBe(false);
  });
});

describe('dashboardRedirect: a site without a subscription', () => {
  it('sends its owner to the plans to pick the first one', () => {
    expect(
      dashboardRedirect({ ...noSubscriptionFlags({ forceUpgrade: false, isOwner: true }), subscription: null }),
    ).toBe('/plans');
  });
});

describe('hasSubscription: what the dashboard works on', () => {
  it('holds with a subscription and a payment customer, and not without either', () => {
    const data = { subscription: {}, customerId: 'cus_1' } as unknown as Parameters<typeof hasSubscription>[0];
    expect(hasSubscription(data)).toBe(true);
    expect(hasSubscription({ ...data, subscription: null })).toBe(false);
    expect(hasSubscription({ ...data, customerId: null })).toBe(false);
  });
});
