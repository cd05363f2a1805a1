/**
 * The Plans screen as the owner sees it (SPEC 2 "Plans screen", 4 "Subscription flags", "Routing by state",
 * "Force upgrade", 5 "Plan limit validations", "Plan disabling reasons", "Offers", "Money format", 9): the real
 * app, a session started by a stand-in host, get-billing-data answered with the DEMO scenarios' data.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingData, Product } from '../../../core/contract';
import { defaultConfig } from '../../config';
import { CANCEL_POLL_INTERVAL_MS, MEMBERS_CONTACT_PROMPT, SECONDS_PER_DAY } from '../../../core/rules/constants';
import { toUnixSeconds } from '../../../core/rules/dates';
import { subscriptionAnswer } from '../../test/handlers/billing';
import { apiError, json, onCall } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import type { OpenPanelOptions } from '../../test/openPanel';
import { fakePageNavigation } from '../../test/testPanel';
import { CANCEL_CONFIRMATIONS } from '../common/CancelAccountModal';
import type { ScenarioName } from '../../../server/demo/scenarios';
import { useFakeTimers } from '../../test/fakeTimers';

const HOUR = SECONDS_PER_DAY / 24;
const ANNUAL = 'Annual discount: 2 months free!';
const navigation = () => screen.queryByRole('navigation', { name: 'Settings sections' });
/** The route the panel last reported to the host (its billingAppReady announcement aside). */
const lastRoute = (opened: ReturnType<typeof openPanelAs>) =>
  opened.panel.host
    .postedWith('route')
    .filter((message) => !('request' in message))
    .at(-1);
// Every test renders the whole app, session first: on a busy machine the screen takes over a second to appear.
const APP_START = { timeout: 5000 };
jest.setTimeout(15_000);

function openPlans(scenario: ScenarioName | BillingData, options: OpenPanelOptions = {}) {
  return openPanelAs(scenario, { path: '/plans', ...options });
}

async function planList(name = 'Plans for 1,000 members') {
  return screen.findByRole('list', { name }, APP_START);
}

/**
 * The scenario's products with `change` made to copies: the products are the catalogue's own objects, shared by
 * every test of the file.
 */
function withProducts(scenario: ScenarioName, change: (product: Product) => void): BillingData {
  return billingDataOf(scenario, (data) => {
    data.availableProducts = data.availableProducts.map((product) => {
      const copy = { ...product };
      change(copy);
      return copy;
    });
  });
}

/** The card of a plan: the list item around its heading. */
async function card(plan: string, list?: HTMLElement) {
  const cards = within(list ?? (await screen.findByRole('list', { name: /^Plans for / }, APP_START)));
  return cards.getByRole('heading', { level: 3, name: plan }).closest('li')!;
}

function chooseButton(plan: string, cardElement: HTMLElement) {
  return within(cardElement).getByRole('button', { name: `Choose this plan: ${plan}` });
}

function moveSliderTo(index: number | string) {
  fireEvent.change(screen.getByRole('slider', { name: 'Members' }), { target: { value: String(index) } });
}

describe('redirects', () => {
  it('hides the navigation while loading, then shows it with the plans', async () => {
    openPlans('active');
    expect(navigation()).not.toBeInTheDocument();
    expect(await planList()).toBeInTheDocument();
    expect(navigation()).toBeInTheDocument();
  });

  it.each<[string, ScenarioName | (() => BillingData)]>([
    ['the base product is custom (custom-plan)', 'custom-plan'],
    ['cancel at period end is pending (cancelling)', 'cancelling'],
    ['the account is in grace (grace)', 'grace'],
    ['there are no available products', () => billingDataOf('active', (data) => (data.availableProducts = []))],
    [
      'no product is purchasable and the site is not on trial',
      () => withProducts('active', (product) => (product.active = false)),
    ],
    [
      "the user's product group has no product",
      () => billingDataOf('active', (data) => (data.user.show_product_group = 'partners')),
    ],
  ])('sends the user to / when %s', async (_label, scenario) => {
    const opened = openPlans(typeof scenario === 'string' ? scenario : scenario());
    expect(await screen.findByRole('region', { name: 'Plan details' }, APP_START)).toBeInTheDocument();
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route: '/' }), APP_START);
    expect(screen.queryByRole('slider', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('sends the user to / when the billing data has an error', async () => {
    const opened = openPlans('active', { answer: () => apiError(400, 'Broken') });
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route: '/' }), APP_START);
    expect(screen.queryByRole('slider', { name: 'Members' })).not.toBeInTheDocument();
  });

  it.each<[ScenarioName, string]>([
    ['incomplete', '/checkout/publisher-default-year'],
    ['auto-billing-grace', '/checkout/publisher-default-month'],
  ])('sends the %s scenario to the checkout route of its billing data', async (scenario, route) => {
    const opened = openPlans(scenario);
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route }), APP_START);
    expect(screen.queryByRole('slider', { name: 'Members' })).not.toBeInTheDocument();
  });

  it('stays for a trial without purchasable products', async () => {
    const opened = openPlans(withProducts('trial', (product) => (product.active = false)));
    expect(await screen.findByRole('slider', { name: 'Members' }, APP_START)).toBeInTheDocument();
    expect(lastRoute(opened)).toEqual({ route: '/plans' });
  });

  it("sends a site without a subscription from the dashboard to its first plan's choice, with no error", async () => {
    const opened = openPanelAs('no-subscription', { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }, APP_START)).toBeInTheDocument();
    expect(await planList('Plans for 500 members')).toBeInTheDocument();
    expect(lastRoute(opened)).toEqual({ route: '/plans' });
    expect(screen.queryByText(/Contact .* for changes to your domain or billing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trial' })).not.toBeInTheDocument();
  });

  it.each(['/plans', '/billing/plans'])('is the screen of %s', async (path) => {
    openPanelAs('starter', { path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }, APP_START)).toBeInTheDocument();
  });
});

describe('title', () => {
  // Days are counted in UTC calendar days, so the end is placed late on a day counted from today's start: an end
  // a few hours from now would be tomorrow when the test runs late in the UTC day.
  const trialEndingOnDay = (days: number) =>
    billingDataOf('trial', (data) => {
      const startOfToday = Math.floor(toUnixSeconds(Date.now()) / SECONDS_PER_DAY) * SECONDS_PER_DAY;
      data.subscription!.trial_end = startOfToday + days * SECONDS_PER_DAY + SECONDS_PER_DAY - HOUR;
    });

  it.each<[string, () => BillingData, string]>([
    ['a trial ending in 5 days', () => trialEndingOnDay(5), 'Your trial ends in 5 days'],
    ['a trial ending in 1 day', () => trialEndingOnDay(1), 'Your trial ends in 1 day'],
    ['a trial ending later today', () => trialEndingOnDay(0), 'Your trial ends today'],
    ['a paid plan', () => billingDataOf('active'), 'Choose your plan'],
  ])('says so for %s', async (_label, data, title) => {
    openPlans(data());
    expect(await screen.findByRole('heading', { level: 1, name: title }, APP_START)).toBeInTheDocument();
  });

  it('says the free trial is over after a forced upgrade from a trial (trial-over)', async () => {
    openPlans('trial-over', { forceUpgrade: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your free trial is over' }, APP_START),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trial' })).not.toBeInTheDocument();
  });

  it('gives the heading back when the user leaves', async () => {
    const user = userEvent.setup();
    openPlans('starter');
    await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }, APP_START);
    await user.click(within(navigation()!).getByRole('link', { name: 'Support' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get help with your Inkwell account' }, APP_START),
    ).toBeInTheDocument();
  });
});

describe('member tiers', () => {
  it("starts on the site's member limit, under its heading", async () => {
    openPlans('active');
    const slider = await screen.findByRole('slider', { name: 'Members' }, APP_START);
    expect(slider).toHaveAttribute('aria-valuetext', '1,000 members');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Pricing for an audience of up to 1,000 members' }),
    ).toBeInTheDocument();
  });

  // Our reading of "The heading says 'Including an audience of up to' when the count is 0": the site's own
  // member count (override, else limit) is 0 or missing, so the screen shows the 500 default.
  it.each<[string, (data: BillingData) => void]>([
    ['0', (data) => (data.currentSiteLimits.members!.limit = 0)],
    ['missing', (data) => delete data.currentSiteLimits.members],
  ])(
    "defaults to 500 when the site's member limit is %s, under 'Including an audience of up to'",
    async (_label, change) => {
      openPlans(billingDataOf('active', change));
      expect(await screen.findByRole('slider', { name: 'Members' }, APP_START)).toHaveAttribute(
        'aria-valuetext',
        '500 members',
      );
      expect(
        screen.getByRole('heading', { level: 2, name: 'Including an audience of up to 500 members' }),
      ).toBeInTheDocument();
      expect(await planList('Plans for 500 members')).toBeInTheDocument();
    },
  );

  it('prices the cards for the tier chosen', async () => {
    openPlans('active');
    await planList();
    moveSliderTo(2);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Pricing for an audience of up to 2,500 members' }),
    ).toBeInTheDocument();
    const business = await card('Business', await planList('Plans for 2,500 members'));
    expect(business).toHaveTextContent('$224.17 per month, billed yearly');
  });

  it("asks to contact us on the last step (400000): 'Over 100,000 members? Contact us'", async () => {
    openPlans('active');
    const slider = await screen.findByRole('slider', { name: 'Members' }, APP_START);
    // 500 to 100,000 from the catalogue's prices, then 400000.
    expect(slider).toHaveAttribute('max', '8');
    moveSliderTo(8);
    expect(slider).toHaveAttribute('aria-valuetext', 'Over 100,000 members');
    expect(screen.getByRole('heading', { level: 2, name: 'Over 100,000 members' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MEMBERS_CONTACT_PROMPT })).toHaveAttribute(
      'href',
      `mailto:${defaultConfig.supportEmail}`,
    );
    expect(screen.queryByRole('button', { name: /Choose this plan/ })).not.toBeInTheDocument();
    moveSliderTo(7);
    expect(screen.queryByRole('link', { name: MEMBERS_CONTACT_PROMPT })).not.toBeInTheDocument();
    expect(await planList('Plans for 100,000 members')).toBeInTheDocument();
  });
});

describe('pricing links', () => {
  it('links the detailed pricing table and the full pricing page of the company site, in new tabs', async () => {
    openPlans('active');
    await planList();
    const table = screen.getByRole('link', { name: 'Compare all plan features (opens in a new tab)' });
    expect(table).toHaveAttribute('href', `${defaultConfig.companySite}/pricing/#compare`);
    const full = screen.getByRole('link', { name: 'View full pricing page (opens in a new tab)' });
    expect(full).toHaveAttribute('href', `${defaultConfig.companySite}/pricing/`);
    for (const link of [table, full]) expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('plan cards and the annual toggle', () => {
  it('shows one card per purchasable product, in three columns, with yearly prices per month and the saving', async () => {
    openPlans('active');
    const list = await planList();
    expect(list).toHaveClass('plans-grid--three');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Starter', 'Publisher', 'Business']);
    const toggle = screen.getByRole('switch', { name: ANNUAL });
    expect(toggle).toBeChecked();
    const publisher = await card('Publisher', list);
    expect(publisher).toHaveTextContent('$30 per month, billed yearly');
    // 12 times $36 a month against $360 a year.
    expect(publisher).toHaveTextContent('Save $72 per year');
    expect(within(publisher).getByText('Custom themes')).toBeInTheDocument();
    const business = await card('Business', list);
    expect(business).toHaveTextContent('$190.83 per month, billed yearly');
    expect(business).toHaveTextContent('Save $458 per year');
    expect(await card('Starter', list)).toHaveTextContent('$12.50 per month, billed yearly');
  });

  it("shows only the products of the user's group, in fewer columns, and checks out in that group", async () => {
    const user = userEvent.setup();
    const data = withProducts('no-card', (product) => {
      if (product.name === 'Publisher') product.group = 'partners';
    });
    data.user.show_product_group = 'partners';
    const opened = openPlans(data);
    const list = await planList('Plans for 500 members');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Publisher']);
    expect(list).not.toHaveClass('plans-grid--three');
    await user.click(chooseButton('Publisher', await card('Publisher', list)));
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route: '/checkout/publisher-partners-year' }));
  });

  it('switches to monthly prices without the saving, and checks out monthly', async () => {
    const user = userEvent.setup();
    const opened = openPlans('active');
    const list = await planList();
    await user.click(screen.getByRole('switch', { name: ANNUAL }));
    expect(screen.getByRole('switch', { name: ANNUAL })).not.toBeChecked();
    const publisher = await card('Publisher', list);
    expect(publisher).toHaveTextContent('$36 per month');
    expect(publisher).not.toHaveTextContent('billed yearly');
    expect(publisher).not.toHaveTextContent(/Save/);
    // The current plan is yearly: its monthly price can be chosen.
    await user.click(chooseButton('Publisher', publisher));
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route: '/checkout/publisher-default-month' }));
  });

  it('checks out yearly while the toggle is on', async () => {
    const user = userEvent.setup();
    const opened = openPlans('active');
    await user.click(chooseButton('Business', await card('Business', await planList())));
    await waitFor(() => expect(lastRoute(opened)).toEqual({ route: '/checkout/business-default-year' }));
  });
});

describe('disabling reasons', () => {
  function expectDisabledWith(cardElement: HTMLElement, plan: string, reason: string) {
    const button = chooseButton(plan, cardElement);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(cardElement).toHaveTextContent(reason);
  }

  it('says why the current plan and a too small plan cannot be chosen (active)', async () => {
    openPlans('active');
    const list = await planList();
    expectDisabledWith(await card('Publisher', list), 'Publisher', 'This is your current plan and billing period');
    expectDisabledWith(await card('Starter', list), 'Starter', 'Not available with more than 1 staff user');
    expect(chooseButton('Business', await card('Business', list))).toBeEnabled();
  });

  it('gives the first reason: the current plan before its broken limits (over-limits, monthly)', async () => {
    const user = userEvent.setup();
    openPlans('over-limits');
    const list = await planList();
    for (const plan of ['Starter', 'Publisher', 'Business']) {
      expectDisabledWith(await card(plan, list), plan, 'Not available with more than 1,000 members');
    }
    await user.click(screen.getByRole('switch', { name: ANNUAL }));
    expectDisabledWith(await card('Starter', list), 'Starter', 'This is your current plan and billing period');
    expectDisabledWith(await card('Publisher', list), 'Publisher', 'Not available with more than 1,000 members');
  });

  it('gives the first broken limit once the members fit (over-limits, 25,000 members)', async () => {
    openPlans('over-limits');
    await planList();
    moveSliderTo(5);
    const list = await planList('Plans for 25,000 members');
    expectDisabledWith(await card('Starter', list), 'Starter', 'Not available with more than 1 staff user');
    expectDisabledWith(await card('Publisher', list), 'Publisher', 'Not available with more than 3 staff users');
    expect(chooseButton('Business', await card('Business', list))).toBeEnabled();
  });

  it.each<[string, (data: BillingData) => void, string]>([
    [
      'an active subdirectory',
      (data) => (data.currentSite.isSubdirectory = true),
      'Not available with active subdirectory',
    ],
    [
      'an older platform version',
      (data) => (data.currentSiteVersion = 3),
      'Not available with older platform versions',
    ],
    [
      'an active custom sending domain',
      (data) => (data.currentSite.sending_domain_status = 'VERIFIED'),
      'Not available with active custom sending domain',
    ],
    [
      'multiple newsletters',
      (data) => (data.currentSiteLimits.newsletters!.total = 2),
      'Not available with multiple newsletters',
    ],
    [
      'Web Analytics on',
      (data) => (data.currentSiteLimits.limitAnalytics!.total = 1),
      'Not available with Web Analytics enabled',
    ],
  ])('disables Starter for %s (no-card, yearly)', async (_label, change, reason) => {
    openPlans(billingDataOf('no-card', change));
    const list = await planList('Plans for 500 members');
    expectDisabledWith(await card('Starter', list), 'Starter', reason);
  });
});

describe('coupon banner', () => {
  it("shows the discount when both it and the user's coupon exist (active)", async () => {
    openPlans('active');
    await planList();
    expect(screen.getByText('Launch offer: 50% off')).toBeInTheDocument();
  });

  it.each<[string, ScenarioName | BillingData]>([
    ['without a discount', 'no-card'],
    ["without the user's coupon", billingDataOf('active', (data) => (data.user.coupon = null))],
  ])('is not shown %s', async (_label, scenario) => {
    openPlans(scenario);
    await screen.findByRole('list', { name: /^Plans for / }, APP_START);
    expect(screen.queryByText(/Launch offer/)).not.toBeInTheDocument();
  });
});

describe('cancel trial', () => {
  it('is offered to a trial only', async () => {
    openPlans('active');
    await planList();
    expect(screen.queryByRole('button', { name: 'Cancel trial' })).not.toBeInTheDocument();
  });

  it('cancels a trial now (SPEC 4: no cancel at period end), then leaves for the company site', async () => {
    const user = useFakeTimers();
    const navigationFake = fakePageNavigation();
    const opened = openPlans('trial', { pageNavigation: navigationFake });
    const requests = onCall('cancel-background', () => json({ ok: true }));
    onCall('get-subscription', () => subscriptionAnswer(opened.data, 'canceled'));
    await user.click(await screen.findByRole('button', { name: 'Cancel trial' }, APP_START));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel account' }, APP_START));
    expect(dialog.getByRole('heading', { name: 'Cancel your account now' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Cancel at period end' })).not.toBeInTheDocument();
    for (const text of CANCEL_CONFIRMATIONS) await user.click(dialog.getByRole('checkbox', { name: text }));
    await user.click(dialog.getByRole('button', { name: 'Cancel account now' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.data).toEqual({ subscriptionId: 'sub_trial' });
    await act(() => jest.advanceTimersByTimeAsync(CANCEL_POLL_INTERVAL_MS));
    await waitFor(() => expect(navigationFake.leave).toHaveBeenCalledWith(defaultConfig.companySite));
  });

  it('closes without cancelling', async () => {
    const user = userEvent.setup();
    openPlans('trial');
    await user.click(await screen.findByRole('button', { name: 'Cancel trial' }, APP_START));
    await screen.findByRole('dialog', { name: 'Cancel account' }, APP_START);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel trial' })).toHaveFocus();
  });
});
