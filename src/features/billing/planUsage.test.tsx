/**
 * The plan's usage as meters in Plan details (issue 27), on the demo scenarios' data: over the limit (over-limits),
 * within it (active), near it (domain-live) and unlimited (custom-plan).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentSiteLimits } from '../../../core/contract';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { json, onCall } from '../../test/server';

async function usage() {
  const plan = await screen.findByRole('region', { name: 'Plan details' });
  return within(within(plan).getByRole('group', { name: 'Usage' }));
}

/** The list item of a meter or unlimited row, by its label. */
function row(group: Awaited<ReturnType<typeof usage>>, label: string) {
  return group.getByText(label, { selector: '.usage-meter__label' }).closest('li')!;
}

describe('usage meters', () => {
  it('shows each limit used against the plan, within the limits (active)', async () => {
    openPanelAs('active');
    const group = await usage();
    const members = group.getByRole('meter', { name: 'Members' });
    expect(members).toHaveAttribute('aria-valuemin', '0');
    expect(members).toHaveAttribute('aria-valuemax', '1000');
    expect(members).toHaveAttribute('aria-valuenow', '640');
    expect(members).toHaveAttribute('aria-valuetext', '640 of 1,000');
    expect(row(group, 'Members')).toHaveTextContent('Members640 of 1,000');
    expect(group.getByRole('meter', { name: 'Staff users' })).toHaveAttribute('aria-valuetext', '2 of 3');
    expect(group.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute('aria-valuetext', '1 of 3');
    // Publisher allows custom integrations without a count.
    expect(group.queryByRole('meter', { name: 'Custom integrations' })).not.toBeInTheDocument();
    expect(row(group, 'Custom integrations')).toHaveTextContent('Custom integrations2 Unlimited');
    expect(group.queryByText('Over the limit')).not.toBeInTheDocument();
    expect(group.queryByText('Near the limit')).not.toBeInTheDocument();
  });

  it('says a limit is over, with the way to the plans screen (over-limits)', async () => {
    const user = userEvent.setup();
    openPanelAs('over-limits');
    const group = await usage();
    const members = group.getByRole('meter', { name: 'Members' });
    expect(members).toHaveAttribute('aria-valuetext', '12,480 of 1,000, over the limit');
    // The meter's value stays within its range; its words say how far over it is.
    expect(members).toHaveAttribute('aria-valuenow', '1000');
    expect(row(group, 'Members')).toHaveTextContent('12,480 of 1,000');
    expect(within(row(group, 'Members')).getByText('Over the limit')).toBeInTheDocument();
    expect(group.getByRole('meter', { name: 'Staff users' })).toHaveAttribute(
      'aria-valuetext',
      '4 of 1, over the limit',
    );
    expect(group.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 1, over the limit',
    );
    const links = group.getAllByRole('link', { name: 'See plans' });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/plans');
    await user.click(links[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
  });

  it('takes the warning tone from 90% of a limit, at the limit too (domain-live)', async () => {
    openPanelAs('domain-live');
    const group = await usage();
    expect(group.getByRole('meter', { name: 'Members' })).toHaveAttribute(
      'aria-valuetext',
      '950 of 1,000, near the limit',
    );
    expect(group.getByRole('meter', { name: 'Staff users' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 3, near the limit',
    );
    expect(within(row(group, 'Members')).getByText('Near the limit')).toBeInTheDocument();
    expect(group.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute('aria-valuetext', '2 of 3');
    expect(group.queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  });

  it('shows Unlimited without a bar where the plan sets no count, and members against the agreed allowance (custom-plan)', async () => {
    openPanelAs('custom-plan');
    const group = await usage();
    expect(group.getAllByRole('meter')).toHaveLength(1);
    expect(group.getByRole('meter', { name: 'Members' })).toHaveAttribute('aria-valuetext', '182,000 of 300,000');
    expect(row(group, 'Staff users')).toHaveTextContent('Staff users24 Unlimited');
    expect(row(group, 'Newsletters')).toHaveTextContent('Newsletters6 Unlimited');
    expect(row(group, 'Custom integrations')).toHaveTextContent('Custom integrations9 Unlimited');
  });

  it("reads the site's usage from get-current-site-limits", async () => {
    const opened = openPanelAs('active');
    const limits: CurrentSiteLimits = {
      ...opened.data.currentSiteLimits,
      members: { total: 990, limit: 1000, exceeded: false, members_override: null },
    };
    onCall('get-current-site-limits', () => json({ currentSiteLimits: limits }));
    const group = await usage();
    await waitFor(() =>
      expect(group.getByRole('meter', { name: 'Members' })).toHaveAttribute(
        'aria-valuetext',
        '990 of 1,000, near the limit',
      ),
    );
  });

  it('shows no meter when the plan price is missing: its limits are not known', async () => {
    openPanelAs(billingDataOf('active', (data) => (data.currentPrice = null)));
    const plan = await screen.findByRole('region', { name: 'Plan details' });
    expect(within(plan).queryByRole('group', { name: 'Usage' })).not.toBeInTheDocument();
  });

  it("takes a product's limit the price does not set", async () => {
    openPanelAs(
      billingDataOf('active', (data) => {
        data.currentPrice!.limits = data.currentPrice!.limits.filter((limit) => limit.name !== 'newsletters');
      }),
    );
    const group = await usage();
    expect(group.getByRole('meter', { name: 'Newsletters' })).toHaveAttribute('aria-valuetext', '1 of 3');
  });
});

it("writes the counts in the owner's language", async () => {
  const { panel } = openPanelAs('over-limits');
  const group = await usage();
  act(() => panel.host.send({ query: 'localeUpdate', response: 'de-DE' }));
  // German separators, whatever the words around them.
  await waitFor(() =>
    expect(group.getAllByRole('meter')[0]).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^12\.480 \S+ 1\.000\b/),
    ),
  );
});
