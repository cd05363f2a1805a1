/**
 * The Checkout screen in the real app (SPEC 2 "Checkout screen", 4 "Plan change flow", "Coupon swap", "Checkout
 * button", "Switching period", 5 "Checkout id", 8 "Checkout"), against MSW and a fake card provider.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// jsdom has no setImmediate; Node's runs after pending I/O, without moving the fake clock.
import { setImmediate as nodeSetImmediate } from 'node:timers';
import type { ScenarioName } from '../../../server/demo/scenarios';
import type { BillingData } from '../../../core/contract';
import { defaultConfig } from '../../config';
import { pendingSubscriptionKey } from '../../../core/rules/checkout';
import { AUTO_BILLING_REMOVAL_WAIT_MS, PLAN_CHANGE_SUCCESS_DELAY_MS } from '../../../core/rules/constants';
import { couponPollDelaysMs } from '../../../core/rules/discounts';
import { answerPaymentScript, createFakeStripe, forgetPaymentScript } from '../../test/fakeStripe';
import type { FakeStripe, ScriptOutcome } from '../../test/fakeStripe';
import {
  answerCouponDetails,
  answerInvoicePreview,
  answerPaymentMethod,
  planChangeResult,
  previewOf,
} from '../../test/handlers/checkout';
import { findCoupon } from '../../../server/seed/demoCatalogue';
import { billingDataIn } from '../../test/currency';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import { shellStatusRegion } from '../../test/testPanel';
import { SUCCESS_LABEL } from '../../ui/ActionButton';
import { useFakeTimers } from '../../test/fakeTimers';
import { createPanelI18n } from '../../i18n/i18n';

let script: ReturnType<typeof answerPaymentScript> | null = null;
let fake: FakeStripe;

beforeEach(() => {
  fake = createFakeStripe();
});

afterEach(() => {
  forgetPaymentScript(script);
  script = null;
  localStorage.clear();
});

function openCheckout(
  scenario: ScenarioName | BillingData,
  path: string,
  outcomes: ScriptOutcome[] = ['load'],
  i18n?: I18n,
) {
  script = answerPaymentScript(defaultConfig.paymentScriptUrl, fake, outcomes);
  const previews = answerInvoicePreview();
  const coupons = answerCouponDetails();
  const opened = openPanelAs(scenario, { path, paymentScript: script.environment, i18n });
  const route = () => opened.panel.host.postedWith('route').at(-1);
  // The same object: a test that changes `data` changes what the server answers.
  return Object.assign(opened, { previews, coupons, route });
}

/** Lets the calls in flight answer without moving the fake clock (waitFor would move it). */
async function settle(until: () => boolean) {
  for (let round = 0; round < 50 && !until(); round += 1) {
    await act(() => new Promise<void>((resolve) => nodeSetImmediate(resolve)));
  }
  expect(until()).toBe(true);
}

const title = () => screen.getByRole('heading', { level: 1 });
const confirmButton = () => screen.findByRole('button', { name: 'Confirm plan selection' });

describe('the checkout id and the redirects', () => {
  it.each([
    ['an id that is not product-group-period', '/checkout/business-year', '/'],
    ["an id containing 'personal'", '/checkout/personal-default-year', '/'],
    ['an unknown product', '/checkout/premium-default-year', '/plans'],
    ['a product of another group', '/checkout/business-legacy-year', '/plans'],
  ])('sends %s away', async (_label, path, target) => {
    const { route } = openCheckout('active', path);
    await waitFor(() => expect(route()).toMatchObject({ route: target }));
  });

  it('sends a plan the site outgrew to /plans (no suitable price passes the limits)', async () => {
    const { route } = openCheckout('over-limits', '/checkout/starter-default-month');
    await waitFor(() => expect(route()).toMatchObject({ route: '/plans' }));
  });

  it('sends /checkout to the pending subscription of the billing data', async () => {
    const { route } = openCheckout('incomplete', '/checkout');
    await waitFor(() => expect(route()).toMatchObject({ route: '/checkout/publisher-default-year' }));
  });

  it('sends /billing/checkout to /plans when nothing is pending', async () => {
    const { route } = openCheckout('active', '/billing/checkout');
    await waitFor(() => expect(route()).toMatchObject({ route: '/plans' }));
  });

  it('sends grace to / (routing by state)', async () => {
    const { route } = openCheckout('grace', '/checkout/business-default-year');
    await waitFor(() => expect(route()).toMatchObject({ route: '/' }));
  });
});

describe('the screen', () => {
  it("says 'Error fetching invoice preview' when the preview fails, in place of its spinner", async () => {
    openCheckout('active', '/checkout/business-default-year');
    // Answers in place of the preview openCheckout set up: the newest handler answers first.
    onCall('get-invoice-preview', () => apiError(400, 'Invalid prices'));
    const summary = within(await screen.findByRole('region', { name: 'Billing summary' }));
    expect(await summary.findByRole('alert')).toHaveTextContent('Error fetching invoice preview');
    expect(summary.queryByText('Amount to be billed now')).not.toBeInTheDocument();
    expect(summary.queryByRole('status', { name: 'Calculating the amount due' })).not.toBeInTheDocument();
  });

  it('shows the plan, its add-ons and the billing summary, without the navigation', async () => {
    const user = userEvent.setup();
    const { previews } = openCheckout('active', '/billing/checkout/business-default-year');
    const plan = within(await screen.findByRole('region', { name: /Business/ }));
    expect(title()).toHaveTextContent('Confirm your plan selection');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(plan.getByText('Yearly')).toBeInTheDocument();
    expect(plan.getByText('$2,290')).toBeInTheDocument();
    expect(plan.getByText('Includes up to 1,000 members')).toBeInTheDocument();
    expect(plan.getByText('15 staff users')).toBeInTheDocument();
    expect(plan.queryByText(/Everything/)).not.toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/plans');

    const addons = within(screen.getByRole('region', { name: 'Optional add-ons' }));
    expect(addons.getByText('$500 per year')).toBeInTheDocument();
    expect(addons.getByText(/Serve your site from a subdirectory/)).not.toBeVisible();
    await user.click(addons.getByRole('button', { name: 'Show details' }));
    expect(addons.getByText(/Serve your site from a subdirectory/)).toBeVisible();
    await user.click(addons.getByRole('button', { name: 'Add Subdirectory install' }));
    expect(addons.getByRole('button', { name: 'Remove Subdirectory install' })).toBeInTheDocument();
    await waitFor(() =>
      expect(previews.at(-1)!.data).toMatchObject({
        addonPrices: [{ current: null, selected: 'price_subdirectory_year' }],
      }),
    );

    const summary = within(screen.getByRole('region', { name: 'Billing summary' }));
    expect(summary.getByText('Visa ending in 4242', { exact: false })).toBeInTheDocument();
    expect(summary.getByText('Yearly price').nextSibling).toHaveTextContent('$2,290/year');
    expect(summary.getByText('Yearly discount').nextSibling).toHaveTextContent('16.67%');
    expect(summary.getByText('Total per year').nextSibling).toHaveTextContent('$2,790');
    expect(await summary.findByText('Coupon: Launch offer (annual)')).toBeInTheDocument();
    expect(summary.getByText('Credit from last payment').nextSibling).toHaveTextContent('-$187.50');
    expect(summary.getByText('Amount to be billed now').nextSibling).toHaveTextContent('$1,000');
    expect(
      summary.getByText(
        '$1,200 for Business for the 183 days left in your period, minus $187.50 unused time on Publisher, minus $12.50 account credit.',
      ),
    ).toBeInTheDocument();
    expect(summary.getByText(/^Then \$2,290 on /)).toBeInTheDocument();
    expect(previews[0]!.data).toEqual({
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      basePrices: { current: 'price_publisher_default_year_1000', selected: 'price_business_default_year_1000' },
      addonPrices: [],
      period: 'year',
      couponId: 'LAUNCH_ANNUAL',
    });
    expect(await confirmButton()).toBeEnabled();
  });

  it("says every amount in the site's currency: euros (issue 47)", async () => {
    openCheckout(billingDataIn(billingDataOf('active'), 'eur'), '/checkout/business-default-year');
    const plan = within(await screen.findByRole('region', { name: /Business/ }));
    expect(plan.getByText('€2,290')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Optional add-ons' })).getByText('€500 per year'),
    ).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Billing summary' }));
    expect(summary.getByText('Yearly price').nextSibling).toHaveTextContent('€2,290/year');
    expect(summary.getByText('Total per year').nextSibling).toHaveTextContent('€2,290');
    expect(await summary.findByText('Credit from last payment')).toBeInTheDocument();
    expect(summary.getByText('Credit from last payment').nextSibling).toHaveTextContent('-€187.50');
    expect(summary.getByText('Amount to be billed now').nextSibling).toHaveTextContent('€1,000');
    expect(
      summary.getByText(
        '€1,200 for Business for the 183 days left in your period, minus €187.50 unused time on Publisher, minus €12.50 account credit.',
      ),
    ).toBeInTheDocument();
    expect(summary.getByText(/^Then €2,290 on /)).toBeInTheDocument();
  });

  it("shows 'Active' for the subdirectory add-on a subdirectory site requires", async () => {
    openCheckout(
      billingDataOf('active', (data) => {
        data.currentSite.isSubdirectory = true;
      }),
      '/checkout/business-default-year',
    );
    const addons = within(await screen.findByRole('region', { name: 'Optional add-ons' }));
    expect(addons.getByText('Active')).toBeInTheDocument();
    expect(addons.queryByRole('button', { name: /Add|Remove/ })).not.toBeInTheDocument();
  });

  it('switches the period: the route, the price and the preview follow', async () => {
    const user = userEvent.setup();
    const { route, previews } = openCheckout('active', '/checkout/business-default-year');
    await user.click(await screen.findByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(route()).toMatchObject({ route: '/checkout/business-default-month' }));
    const summary = within(await screen.findByRole('region', { name: 'Billing summary' }));
    expect(await summary.findByText('Total per month')).toBeInTheDocument();
    expect(summary.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(previews.at(-1)!.data).toMatchObject({ period: 'month', couponId: 'LAUNCH' }));
  });

  it('says the current plan cannot be chosen again, until the other period is picked', async () => {
    const user = userEvent.setup();
    openCheckout('active', '/checkout/publisher-default-year');
    expect(
      await screen.findByText('This is your current plan. Choose a different period or plan.'),
    ).toBeInTheDocument();
    expect(await confirmButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(screen.queryByText(/This is your current plan/)).not.toBeInTheDocument());
    expect(await confirmButton()).toBeEnabled();
  });

  it("without a card says 'Add a card to continue' as a button that opens the card modal", async () => {
    const user = userEvent.setup();
    openCheckout('no-card', '/checkout/publisher-default-month');
    const addCard = await screen.findByRole('button', { name: 'Add a card to continue' });
    expect(await confirmButton()).toBeDisabled();
    await user.click(addCard);
    expect(await screen.findByRole('dialog', { name: 'Update credit card' })).toBeInTheDocument();
  });

  it('opens the invoice details modal', async () => {
    const user = userEvent.setup();
    openCheckout('active', '/checkout/business-default-year');
    await user.click(await screen.findByRole('button', { name: 'Edit invoice details' }));
    expect(await screen.findByRole('dialog', { name: 'Update invoice details' })).toBeInTheDocument();
  });

  it('warns when the payment library is blocked, with Try again and the support note', async () => {
    openCheckout('active', '/checkout/business-default-year', ['blocked', 'blocked', 'blocked', 'blocked']);
    const warning = await screen.findByText('Ad blocker detected');
    expect(warning.parentElement).toHaveTextContent('If the problem persists, contact support.');
    expect(within(warning.parentElement!).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('warns of a connection error', async () => {
    openCheckout('active', '/checkout/business-default-year', [
      'networkError',
      'networkError',
      'networkError',
      'networkError',
    ]);
    expect(await screen.findByText('Connection error')).toBeInTheDocument();
  });
});

describe('the plan change', () => {
  /** An owner on Publisher monthly without a coupon: the plain change, no swap. */
  const plainOwner = () =>
    billingDataOf('active', (data) => {
      data.user.coupon = null;
    });

  it('changes the plan with the preview proration and one key, says Update complete!, then goes home 7 s later', async () => {
    const user = useFakeTimers();
    const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
    const methods = answerPaymentMethod('pm_visa');
    const changes = onCall('change-subscription', () => json(planChangeResult(opened.data)));
    await user.click(await confirmButton());
    expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(methods).toHaveLength(1);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.data).toEqual({
      customerId: 'cus_active',
      subscriptionId: 'sub_active',
      userId: 'user_active',
      paymentMethodId: 'pm_visa',
      planId: 'price_business_default_year_1000',
      addonIds: [],
      isTrial: false,
      prorationDate: previewOf().prorationDate,
    });
    expect(changes[0]!.headers.get('idempotency-key')).toEqual(expect.stringMatching(/.+-change$/));
    const billingCalls = opened.billingCalls.length;
    await act(() => jest.advanceTimersByTimeAsync(PLAN_CHANGE_SUCCESS_DELAY_MS - 1));
    expect(opened.billingCalls).toHaveLength(billingCalls);
    expect(opened.route()).toMatchObject({ route: '/checkout/business-default-year' });
    await act(() => jest.advanceTimersByTimeAsync(1));
    await waitFor(() => expect(opened.route()).toMatchObject({ route: '/' }));
    await waitFor(() => expect(opened.billingCalls.length).toBeGreaterThan(billingCalls));
  });

  it('on the way home says Update complete! in the shell, whose heading takes the focus the button had', async () => {
    const user = useFakeTimers();
    const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
    answerPaymentMethod('pm_visa');
    onCall('change-subscription', () => json(planChangeResult(opened.data)));
    const region = shellStatusRegion();
    await user.click(await confirmButton());
    expect(await screen.findByRole('button', { name: SUCCESS_LABEL })).toHaveFocus();
    expect(region).toBeEmptyDOMElement();
    await act(() => jest.advanceTimersByTimeAsync(PLAN_CHANGE_SUCCESS_DELAY_MS));
    await waitFor(() => expect(region).toHaveTextContent(SUCCESS_LABEL));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toHaveFocus(),
    );
  });

  it('sends one change for a double click (pending: spinner, disabled)', async () => {
    const user = userEvent.setup();
    const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
    answerPaymentMethod();
    let release = () => {};
    const changes = onCall(
      'change-subscription',
      () => new Promise<Response>((resolve) => (release = () => resolve(json(planChangeResult(opened.data))))),
    );
    const button = await confirmButton();
    await user.dblClick(button);
    await waitFor(() => expect(changes).toHaveLength(1));
    const pending = screen.getByRole('button', { name: 'Processing your payment…' });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(pending).toHaveAttribute('aria-disabled', 'true');
    await user.click(pending);
    release();
    expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it('activates for a forced-upgrade owner', async () => {
    const user = userEvent.setup();
    const data = billingDataOf('active', (next) => {
      next.user.coupon = null;
      next.forceUpgradeOwner = true;
    });
    openCheckout(data, '/checkout/business-default-year');
    answerPaymentMethod();
    const activations = onCall('activate-subscription', () => json(planChangeResult(data)));
    await user.click(await confirmButton());
    expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(activations[0]!.data).not.toHaveProperty('prorationDate');
  });

  it.each([
    [
      'no card to authenticate',
      () => answerPaymentMethod(null),
      'Card authentication failed. Try again or contact support.',
    ],
    [
      'a change failing without a message',
      () => {
        answerPaymentMethod();
        onCall('change-subscription', () => json({}, 402));
      },
      'Could not process your card. Try again or contact support.',
    ],
    [
      'a change failing with the server’s message',
      () => {
        answerPaymentMethod();
        onCall('change-subscription', () => apiError(402, 'Your card was declined.'));
      },
      'Your card was declined.',
    ],
  ])('fails on %s and offers Try again', async (_label, answer, message) => {
    const user = userEvent.setup();
    openCheckout(plainOwner(), '/checkout/business-default-year');
    answer();
    await user.click(await confirmButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it("words a declined card in the card provider's words of the owner's language, in place when it changes", async () => {
    const user = userEvent.setup();
    const i18n = createPanelI18n();
    const opened = openCheckout(plainOwner(), '/checkout/business-default-year', ['load'], i18n);
    answerPaymentMethod();
    onCall('change-subscription', () =>
      json({ error: { code: 'card_declined', message: 'Your card has insufficient funds.', status: 402 } }, 402),
    );
    await user.click(await confirmButton());
    const failure = await screen.findByText('Your card has insufficient funds.');
    expect(title()).toHaveTextContent('Confirm your plan selection');

    act(() => opened.panel.host.send({ query: 'localeUpdate', response: 'de-DE' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de-DE'));
    // The catalog's German, whatever it says today: the messages' ids as the macro makes them.
    act(() =>
      i18n.load('de', {
        [msg`Your card has insufficient funds.`.id]: 'Ihre Karte ist nicht ausreichend gedeckt.',
        [msg`Confirm your plan selection`.id]: 'Tarifauswahl bestätigen',
      }),
    );
    expect(failure).toHaveTextContent('Ihre Karte ist nicht ausreichend gedeckt.');
    await waitFor(() => expect(title()).toHaveTextContent('Tarifauswahl bestätigen'));
  });

  it('shows the first limit violation when the site outgrew the plan since the screen loaded', async () => {
    const user = userEvent.setup();
    const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
    const confirm = await confirmButton();
    opened.data = {
      ...opened.data,
      currentSiteLimits: {
        ...opened.data.currentSiteLimits,
        newsletters: { total: 12, limit: 10, exceeded: true, members_override: null },
      },
    };
    await user.click(confirm);
    expect(await screen.findByText('Not available with more than 10 newsletters')).toBeInTheDocument();
  });

  it('swaps the launch coupon for the period, then polls the discount up to 3 times', async () => {
    const user = useFakeTimers();
    const opened = openCheckout('active', '/checkout/business-default-year');
    answerPaymentMethod();
    const updates = onCall('update-discount', () => json({ discount: null }));
    const polls = onCall('get-discount-details', () => json({ discount: null }));
    const changes = onCall('change-subscription', () => json(planChangeResult(opened.data)));
    await user.click(await confirmButton());
    await settle(() => updates.length === 1);
    expect(updates[0]!.data).toEqual({ customerId: 'cus_active', couponId: 'LAUNCH_ANNUAL' });
    expect(updates[0]!.headers.get('idempotency-key')).toMatch(/-discount$/);
    const [first, second, third] = couponPollDelaysMs();
    await act(() => jest.advanceTimersByTimeAsync(first! - 1));
    expect(polls).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await settle(() => polls.length === 1);
    await act(() => jest.advanceTimersByTimeAsync(second! - 1));
    expect(polls).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await settle(() => polls.length === 2);
    expect(changes).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(third!));
    await settle(() => changes.length === 1);
    expect(polls).toHaveLength(3);
  });

  it('ends an attempt that throws with the card message, and Try again changes the plan once', async () => {
    const user = useFakeTimers();
    const opened = openCheckout('active', '/checkout/business-default-year');
    answerPaymentMethod();
    onCall('update-discount', () => json({ discount: null }));
    // The first look at the switched coupon reads a discount without its coupon, which the attempt cannot read.
    const launchAnnual = { coupon: findCoupon('LAUNCH_ANNUAL'), start: 1_900_000_000, end: null };
    onCall('get-discount-details', (_call, attempt) => json({ discount: attempt === 1 ? {} : launchAnnual }));
    const changes = onCall('change-subscription', () => json(planChangeResult(opened.data)));
    await user.click(await confirmButton());
    expect(await screen.findByText('Could not process your card. Try again or contact support.')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry).toBeEnabled();
    expect(changes).toHaveLength(0);
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
    expect(screen.queryByText('Could not process your card. Try again or contact support.')).not.toBeInTheDocument();
    expect(changes).toHaveLength(1);
  });

  it('says something went wrong when the coupon cannot be switched', async () => {
    const user = userEvent.setup();
    openCheckout('active', '/checkout/business-default-year');
    onCall('update-discount', () => apiError(400, 'No such coupon'));
    await user.click(await confirmButton());
    expect(
      await screen.findByText('Something went wrong. Refresh the page and try again or contact support.'),
    ).toBeInTheDocument();
  });

  describe('with automatic billing', () => {
    const autoBilling = () =>
      billingDataOf('active', (data) => {
        data.user.coupon = null;
        data.hasAutoBillingEnabled = true;
        data.autoPriceId = 'price_autobilling_year';
      });

    it('first resets to the base plan, waits 2000 ms, then changes', async () => {
      const user = useFakeTimers();
      const opened = openCheckout(autoBilling(), '/checkout/business-default-year');
      answerPaymentMethod();
      const changes = onCall('change-subscription', () => json(planChangeResult(opened.data)));
      await user.click(await confirmButton());
      await settle(() => changes.length === 1);
      expect(changes[0]!.data).toMatchObject({ planId: 'price_publisher_default_year_1000', addonIds: [] });
      await act(() => jest.advanceTimersByTimeAsync(AUTO_BILLING_REMOVAL_WAIT_MS - 1));
      expect(changes).toHaveLength(1);
      await act(() => jest.advanceTimersByTimeAsync(1));
      await waitFor(() => expect(changes).toHaveLength(2));
      expect(changes[1]!.data).toMatchObject({ planId: 'price_business_default_year_1000' });
      expect(changes[0]!.headers.get('idempotency-key')).not.toEqual(changes[1]!.headers.get('idempotency-key'));
    });

    it('says to switch to manual billing when the reset fails', async () => {
      const user = userEvent.setup();
      openCheckout(autoBilling(), '/checkout/business-default-year');
      answerPaymentMethod();
      onCall('change-subscription', () => apiError(400, 'Cannot remove'));
      await user.click(await confirmButton());
      expect(
        await screen.findByText('Could not remove autobilling. Switch to manual billing mode and try again.'),
      ).toBeInTheDocument();
    });
  });

  describe('with the card’s extra authentication', () => {
    it('keeps the choice, authenticates, and on success clears it and goes home 7 s later', async () => {
      const user = useFakeTimers();
      const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
      answerPaymentMethod('pm_visa');
      let stored: string | null = null;
      onCall('change-subscription', () => json(planChangeResult(opened.data, 'pi_change_secret')));
      fake.stripe.confirmCardPayment.mockImplementationOnce(async () => {
        stored = localStorage.getItem(pendingSubscriptionKey('cus_active'));
        return { paymentIntent: { id: 'pi_change', status: 'succeeded' } };
      });
      await user.click(await confirmButton());
      expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
      expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_change_secret', { payment_method: 'pm_visa' });
      expect(JSON.parse(stored!)).toEqual({
        product: 'business',
        group: 'default',
        period: 'year',
        priceId: 'price_business_default_year_1000',
      });
      expect(localStorage.getItem(pendingSubscriptionKey('cus_active'))).toBeNull();
      await act(() => jest.advanceTimersByTimeAsync(PLAN_CHANGE_SUCCESS_DELAY_MS));
      await waitFor(() => expect(opened.route()).toMatchObject({ route: '/' }));
    });

    it("says it could not process the payment and offers 'Complete payment now', which authenticates again", async () => {
      const user = userEvent.setup();
      const opened = openCheckout(plainOwner(), '/checkout/business-default-year');
      answerPaymentMethod('pm_visa');
      const changes = onCall('change-subscription', () => json(planChangeResult(opened.data, 'pi_change_secret')));
      fake.stripe.confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Authentication failed' } });
      await user.click(await confirmButton());
      expect(
        await screen.findByText("We weren't able to process your payment. Try again or choose a different card."),
      ).toBeInTheDocument();
      expect(title()).toHaveTextContent('Complete payment authorization');
      await user.click(screen.getByRole('button', { name: 'Complete payment now' }));
      expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
      expect(fake.stripe.confirmCardPayment).toHaveBeenLastCalledWith('pi_change_secret', {
        payment_method: 'pm_visa',
      });
      expect(changes).toHaveLength(1);
    });
  });
});

describe('resuming a payment', () => {
  it.each([
    ['incomplete', '/checkout/publisher-default-year', 'pi_incomplete_secret_demo'],
    ['auto-billing-grace', '/checkout/publisher-default-month', 'pi_auto_billing_grace_secret_demo'],
  ] as const)(
    'in %s: Complete payment authorization, and Complete payment now authenticates',
    async (scenario, path, secret) => {
      const user = userEvent.setup();
      localStorage.setItem(pendingSubscriptionKey(`cus_${scenario.replace(/-/g, '_')}`), '{"product":"publisher"}');
      openCheckout(scenario, path);
      answerPaymentMethod('pm_card');
      const complete = await screen.findByRole('button', { name: 'Complete payment now' });
      expect(title()).toHaveTextContent('Complete payment authorization');
      expect(screen.queryByText(/This is your current plan/)).not.toBeInTheDocument();
      await user.click(complete);
      expect(await screen.findByRole('button', { name: 'Update complete!' })).toBeInTheDocument();
      expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith(secret, { payment_method: 'pm_card' });
      expect(localStorage.length).toBe(0);
    },
  );

  it('sends /checkout to the stored choice when the billing data names none', async () => {
    const data = billingDataOf('auto-billing-grace', (next) => (next.pendingSubscription = null));
    localStorage.setItem(
      pendingSubscriptionKey(data.subscription!.customer_id),
      JSON.stringify({
        product: 'business',
        group: 'default',
        period: 'month',
        priceId: 'price_business_default_month_1000',
      }),
    );
    const { route } = openCheckout(data, '/checkout');
    await waitFor(() => expect(route()).toMatchObject({ route: '/checkout/business-default-month' }));
  });
});
