/**
 * The billing dashboard as the owner sees it (SPEC 2 "Billing dashboard", 4 "Routing by state"): the real app,
 * a session started by a stand-in host, get-billing-data answered with the DEMO scenarios' data.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountErrorMessage } from '../../api/errors';
import { defaultConfig } from '../../config';
import { formatLongDate } from '../../../core/rules/dates';
import { apiError, json, onCall } from '../../test/server';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { fakePageNavigation } from '../../test/testPanel';
import { answerInvoicePreview } from '../../test/handlers/checkout';

afterEach(() => {
  jest.restoreAllMocks();
});

const navigation = () => screen.queryByRole('navigation', { name: 'Settings sections' });
const planBox = () => screen.getByRole('region', { name: 'Plan details' });
const paymentBox = () => screen.getByRole('region', { name: 'Payment information' });
const historyBox = () => screen.getByRole('region', { name: 'Billing history' });

async function planDetails() {
  return within(await screen.findByRole('region', { name: 'Plan details' }));
}

/** The value beside a term of a description list, e.g. the price of 'Total'. */
function valueOf(list: HTMLElement, term: string | RegExp) {
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('states', () => {
  it('shows a spinner without the navigation while loading, then the grid with it', async () => {
    openPanelAs('active');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Loading billing information');
    expect(navigation()).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Plan details' })).toBeInTheDocument();
    expect(navigation()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing and domain settings' })).toBeInTheDocument();
  });

  it('orders its headings: the screen title, then one heading per box', async () => {
    openPanelAs('active');
    await screen.findByRole('heading', { name: 'Plan details' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Plan details',
      'Payment information',
      'Billing history',
    ]);
  });

  it('shows the legacy-plan message in place of the content, without the navigation (legacy scenario)', async () => {
    const legacy = "You're on a legacy plan: billing changes go through support.";
    openPanelAs('legacy', { answer: () => apiError(403, legacy) });
    expect(
      await screen.findByText(accountErrorMessage({ status: 403 }, defaultConfig.supportEmail)),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Plan details' })).not.toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
  });

  it('shows the contact message when billing data cannot be read', async () => {
    openPanelAs('active', { answer: () => apiError(404, 'No billing data') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Contact ${defaultConfig.supportEmail} for changes to your domain or billing.`,
    );
    expect(navigation()).not.toBeInTheDocument();
  });

  it('hides the navigation when the subscription is inactive (grace), and disables Update plan', async () => {
    openPanelAs('grace');
    const plan = await planDetails();
    expect(plan.getByRole('button', { name: 'Update plan' })).toBeDisabled();
    expect(plan.getByText('Pay the open invoice before changing your plan.')).toBeInTheDocument();
    expect(navigation()).not.toBeInTheDocument();
  });

  it('hides the navigation when the plan price is missing', async () => {
    openPanelAs(billingDataOf('active', (data) => (data.currentPrice = null)));
    await screen.findByRole('heading', { name: 'Plan details' });
    expect(navigation()).not.toBeInTheDocument();
  });

  it.each([
    ['trial', '/plans', 'Annual discount: 2 months free!'],
    ['trial-over', '/plans', 'Annual discount: 2 months free!'],
    ['incomplete', '/checkout/publisher-default-year', 'Complete payment authorization'],
    ['auto-billing-grace', '/checkout/publisher-default-month', 'Complete payment authorization'],
  ] as const)('sends the %s scenario to %s', async (scenario, route, screenText) => {
    answerInvoicePreview();
    const { panel } = openPanelAs(scenario, { forceUpgrade: scenario === 'trial-over' });
    expect(await screen.findByText(screenText)).toBeInTheDocument();
    await waitFor(() => expect(panel.host.postedWith('route').at(-1)).toEqual({ route }));
    expect(screen.queryByRole('heading', { name: 'Plan details' })).not.toBeInTheDocument();
  });
});

describe('plan details', () => {
  it('shows the plan with its period, features, breakdown, total, credit and special offer (active)', async () => {
    const { data } = openPanelAs('active');
    const plan = await planDetails();
    expect(plan.getByText('Publisher', { exact: false, selector: '.plan-name' })).toHaveTextContent('Publisher Yearly');
    const features = plan.getByRole('list', { name: 'Publisher features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 staff users', 'Custom themes', '8,000+ integrations', 'Paid subscriptions', 'Advanced analytics']);
    expect(valueOf(planBox(), 'Publisher plan')).toBe('$360');
    expect(valueOf(planBox(), 'Total')).toBe('$360 per year');
    expect(valueOf(planBox(), 'Account credit')).toBe('$12.50');
    expect(valueOf(planBox(), 'Special offer active')).toBe('Launch offer: 50% off');
    expect(plan.getByRole('link', { name: 'Update plan' })).toHaveAttribute('href', '/plans');
    expect(data.customerBalance).toBe(-1250);
  });

  it('lists add-ons that are not autobilling, a subdirectory one as Subdirectory install (cancelling)', async () => {
    openPanelAs(
      billingDataOf('cancelling', (data) => {
        data.subscription!.meta.addons.push({ name: 'autobilling', cost: 0, price: 'price_autobilling_year' });
        data.subscription!.meta.addons[0]!.name = 'subdirectory';
      }),
    );
    const plan = await planDetails();
    expect(valueOf(planBox(), 'Business plan')).toBe('$2,290');
    expect(valueOf(planBox(), 'Subdirectory install')).toBe('$500');
    expect(valueOf(planBox(), 'Total')).toBe('$2,790 per year');
    expect(plan.queryByText(/autobilling/i)).not.toBeInTheDocument();
  });

  it('multiplies the base plan by its quantity', async () => {
    openPanelAs(billingDataOf('no-card', (data) => (data.subscription!.meta.baseProduct.quantity = 3)));
    await planDetails();
    expect(valueOf(planBox(), 'Starter plan × 3')).toBe('$27');
    expect(valueOf(planBox(), 'Total')).toBe('$27 per month');
  });

  it('shows neither credit nor offer when there is none, or when the offer has ended', async () => {
    openPanelAs(
      billingDataOf('active', (data) => {
        data.customerBalance = 500;
        data.discount!.end = Math.floor(Date.now() / 1000) - 60;
      }),
    );
    const plan = await planDetails();
    expect(plan.queryByText('Account credit')).not.toBeInTheDocument();
    expect(plan.queryByText('Special offer active')).not.toBeInTheDocument();
  });

  it('shows the cancel-at-period-end banner with the site-offline date (cancelling)', async () => {
    const { data } = openPanelAs('cancelling');
    const plan = await planDetails();
    expect(plan.getByText("You've canceled your subscription")).toBeInTheDocument();
    expect(plan.getByText(formatLongDate(data.subscription!.current_period_end))).toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Reactivate' })).toBeEnabled();
  });

  it('warns about a pending plan change with a link to complete the payment', async () => {
    answerInvoicePreview();
    openPanelAs(
      billingDataOf('active', (data) => {
        data.isPending = true;
        data.checkoutRoute = '/checkout/business-default-year';
      }),
    );
    const plan = await planDetails();
    expect(plan.getByText('Your plan change is waiting for payment')).toBeInTheDocument();
    await userEvent.click(plan.getByRole('link', { name: 'Complete payment' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete payment authorization' }),
    ).toBeInTheDocument();
  });

  it('warns when the site has more staff users than the plan allows, with a link to the docs (over-limits)', async () => {
    openPanelAs('over-limits');
    const plan = await planDetails();
    expect(plan.getByText('You have more staff users than your plan includes')).toBeInTheDocument();
    const docs = plan.getByRole('link', { name: 'Learn about staff user limits (opens in a new tab)' });
    expect(docs).toHaveAttribute('href', 'https://inkwell.test/help/staff-users/');
    expect(docs).toHaveAttribute('target', '_blank');
  });

  it('shows no staff warning within the limits', async () => {
    openPanelAs('active');
    const plan = await planDetails();
    expect(plan.queryByText('You have more staff users than your plan includes')).not.toBeInTheDocument();
    expect(plan.queryByText("You've canceled your subscription")).not.toBeInTheDocument();
  });

  describe('a custom plan (custom-plan)', () => {
    it('shows View instead of the breakdown, which opens the customer portal in a new tab', async () => {
      const go = jest.fn();
      const navigation = fakePageNavigation();
      const open = navigation.openPendingTab.mockReturnValue({ go });
      const portal = onCall('get-stripe-portal-url', () =>
        json({ url: 'https://billing.sandbox.test/portal/session_1' }),
      );
      openPanelAs('custom-plan', { pageNavigation: navigation });
      const plan = await planDetails();
      expect(plan.queryByText('Total')).not.toBeInTheDocument();
      expect(plan.queryByRole('link', { name: 'Update plan' })).not.toBeInTheDocument();
      await userEvent.click(plan.getByRole('button', { name: /^View your plan in the customer portal/ }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.sandbox.test/portal/session_1'));
      expect(open).toHaveBeenCalledTimes(1);
      expect(portal[0]!.data).toEqual({ customerId: 'cus_custom_plan', redirectUrl: 'http://127.0.0.1:4000/' });
    });

    it('sends the tab to the portal login page when the portal address cannot be fetched', async () => {
      const go = jest.fn();
      const navigation = fakePageNavigation();
      navigation.openPendingTab.mockReturnValue({ go });
      onCall('get-stripe-portal-url', () => apiError(400, 'No portal'));
      openPanelAs('custom-plan', { pageNavigation: navigation });
      const plan = await planDetails();
      await userEvent.click(plan.getByRole('button', { name: /^View/ }));
      await waitFor(() => expect(go).toHaveBeenCalledWith(defaultConfig.portalLoginUrl));
    });
  });
});

describe('payment information', () => {
  it('summarises the card: brand, last four digits and expiry as MM/YY (active)', async () => {
    openPanelAs('active');
    await planDetails();
    const box = within(paymentBox());
    expect(box.getByText('Visa ending in 4242', { exact: false })).toHaveTextContent(
      'Visa ending in 4242 · Expires 04/30',
    );
    expect(paymentBox().querySelector('svg.card-brand')).toHaveAttribute('aria-hidden', 'true');
    expect(box.getByRole('button', { name: 'Update credit card' })).toBeEnabled();
  });

  it("says 'No credit card' and offers to add one (no-card)", async () => {
    openPanelAs('no-card');
    await planDetails();
    const box = within(paymentBox());
    expect(box.getByText('No credit card')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Add credit card' })).toBeEnabled();
  });

  it('shows the member limit, invoice details as text and the billing contact, each with its named button', async () => {
    openPanelAs(
      billingDataOf('active', (data) => (data.invoiceDetails = 'Northwind <b>Press</b>\n<script>alert(1)</script>')),
    );
    await planDetails();
    const box = within(paymentBox());
    expect(box.getByText('Up to 1,000 members')).toBeInTheDocument();
    expect(box.getByText(/Northwind <b>Press<\/b>/)).toHaveTextContent(
      'Northwind <b>Press</b> <script>alert(1)</script>',
      {
        normalizeWhitespace: true,
      },
    );
    expect(paymentBox().querySelector('b, script')).toBeNull();
    expect(box.getByText('accounts@active.example.com')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Change member limit' })).toBeEnabled();
    expect(box.getByRole('button', { name: 'Edit invoice details' })).toBeEnabled();
    expect(box.getByRole('button', { name: 'Edit billing contact' })).toBeEnabled();
  });

  it('says where billing e-mails go without a billing contact, and has no member-limit change in grace', async () => {
    openPanelAs('grace');
    await planDetails();
    const box = within(paymentBox());
    // The address is its own element (it wraps only at its natural points), so the text is matched as a whole.
    expect(box.getByText(/^None: billing e-mails go to/)).toHaveTextContent(
      'None: billing e-mails go to elliot@grace.example.com',
    );
    expect(box.getByRole('button', { name: 'Change member limit' })).toBeDisabled();
  });
});

describe('billing history', () => {
  it('lists the latest 5 invoices, newest first, with date, status and amount, linking to each (active)', async () => {
    const { data } = openPanelAs('active');
    await planDetails();
    const rows = within(historyBox()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const newest = data.invoices[0]!;
    expect(
      within(rows[0]!).getByRole('link', { name: `Invoice of ${formatLongDate(newest.date)} (opens in a new tab)` }),
    ).toHaveAttribute('href', newest.url);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Paid', '$180']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Paid', '$36']);
  });

  it('opens every invoice in the View all modal, which Escape closes, giving focus back', async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    await planDetails();
    const viewAll = within(historyBox()).getByRole('button', { name: 'View all invoices' });
    await user.click(viewAll);
    const dialog = await screen.findByRole('dialog', { name: 'All invoices' });
    expect(within(dialog).getAllByRole('row').slice(1)).toHaveLength(6);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(viewAll).toHaveFocus();
  });

  it('keeps focus inside the View all modal', async () => {
    const user = userEvent.setup();
    openPanelAs('active');
    await planDetails();
    await user.click(within(historyBox()).getByRole('button', { name: 'View all invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'All invoices' });
    const close = within(dialog).getByRole('button', { name: 'Close All invoices' });
    expect(close).toHaveFocus();
    const lastPdf = within(dialog)
      .getAllByRole('button', { name: /^Download PDF of invoice/ })
      .at(-1)!;
    lastPdf.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(lastPdf).toHaveFocus();
  });

  it('has no View all under 5 invoices, and marks unpaid invoices Pending (grace)', async () => {
    openPanelAs(billingDataOf('grace', (data) => (data.invoices = data.invoices.slice(0, 4))));
    await planDetails();
    const history = within(historyBox());
    expect(history.queryByRole('button', { name: /View all/ })).not.toBeInTheDocument();
    expect(history.getAllByRole('row')[1]).toHaveTextContent('Pending');
  });

  it('says when there are no invoices yet', async () => {
    openPanelAs(billingDataOf('no-card', (data) => (data.invoices = [])));
    await planDetails();
    expect(within(historyBox()).getByText('No invoices yet.')).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('has the cancel-account button and the Billing Help link', async () => {
    openPanelAs('active');
    await planDetails();
    expect(screen.getByRole('button', { name: 'Cancel account' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Billing Help (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://inkwell.test/help/billing/',
    );
  });

  it('offers no cancel once the subscription is canceled', async () => {
    openPanelAs('canceled');
    await planDetails();
    expect(screen.queryByRole('button', { name: 'Cancel account' })).not.toBeInTheDocument();
  });
});

it('refetches the billing data on an invalidation without losing the screen', async () => {
  const { billingCalls, panel } = openPanelAs('active');
  await planDetails();
  const { api } = await import('../../api/api');
  act(() => {
    panel.store.dispatch(api.util.invalidateTags(['BillingData']));
  });
  await waitFor(() => expect(billingCalls).toHaveLength(2));
  expect(planBox()).toBeInTheDocument();
});
