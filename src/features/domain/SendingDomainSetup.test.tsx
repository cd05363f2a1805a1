/**
 * Custom sending domain setup (SPEC 2, 4 "Sending domain", 8 "Domains"): the records, the activation and its
 * states, Enter while pending, removal, the INITIALIZED Back, the messages and the redirects.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { BillingData, SendingDomainStatus } from '../../../core/contract';
import { SENDING_DOMAIN_ACTIVATION_TEXT } from '../../../core/rules/constants';
import { SENDING_DOMAIN_WARM_UP_NOTE } from '../../../core/rules/sendingDomains';
import { answerAccountInfo, sendingDomainAnswer, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import type { RecordedCall } from '../../test/server';
import { shellStatusRegion } from '../../test/testPanel';

function withSending(status: SendingDomainStatus | null): BillingData {
  return withSite(billingDataOf('active'), {
    sending_domain: status ? 'example.com' : null,
    sending_domain_status: status,
  });
}

function openSending(
  scenario: Parameters<typeof openPanelAs>[0],
  {
    accountInfo,
    check,
  }: { accountInfo?: (call: RecordedCall, attempt: number) => Response; check?: () => Response } = {},
) {
  const opened = openPanelAs(scenario, { path: '/domain/sending' });
  answerAccountInfo(opened, accountInfo);
  const status =
    typeof scenario === 'string'
      ? billingDataOf(scenario).currentSite.sending_domain_status
      : scenario.currentSite.sending_domain_status;
  const checks = onCall(
    'check-sending-domain',
    () => check?.() ?? json(sendingDomainAnswer('example.com', status ?? 'NONE')),
  );
  const removals = onCall('remove-sending-domain', () => {
    opened.data = withSite(opened.data, { sending_domain: null, sending_domain_status: 'NONE' });
    return json({ currentSite: opened.data.currentSite });
  });
  return { ...opened, checks, removals };
}

const routeOf = (opened: ReturnType<typeof openSending>) => opened.panel.host.postedWith('route').at(-1);
const step2 = async () =>
  within((await screen.findByRole('heading', { name: 'Activate custom sending domain' })).closest('li')!);

describe('PENDING', () => {
  it('shows the records with their status, a disabled button and the cancel-remove option, and re-verifies on Enter', async () => {
    const user = userEvent.setup();
    const opened = openSending(withSending('PENDING'));
    const verifications = onCall('verify-sending-domain', () => json(sendingDomainAnswer('example.com', 'VERIFIED')));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom sending domain settings' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Add these DNS records to example.com' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'DNS records for example.com' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getAllByRole('img', { name: 'Not checked yet' })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Get help (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://inkwell.test/help/custom-sending-domains/',
    );
    const activation = await step2();
    expect(activation.getByRole('button', { name: SENDING_DOMAIN_ACTIVATION_TEXT })).toBeDisabled();
    expect(activation.getByRole('button', { name: 'Cancel & remove sending domain' })).toBeInTheDocument();
    expect(activation.getByText(SENDING_DOMAIN_WARM_UP_NOTE, { exact: false })).toBeInTheDocument();
    expect(activation.getByRole('link', { name: 'Learn more (opens in a new tab)' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await activation.findByText('is verified.', { exact: false })).toHaveTextContent(
      'Your custom sending domain example.com is verified.',
    );
    expect(verifications[0]!.data).toEqual({ siteId: opened.data.currentSite.id });
    expect(activation.getByRole('button', { name: 'Remove sending domain' })).toBeInTheDocument();
    expect(activation.queryByText(SENDING_DOMAIN_WARM_UP_NOTE, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText('Your custom sending domain is verified')).toBeInTheDocument();
  });
});

describe('INITIALIZED', () => {
  it('activates: verification sets the status, and pending stays pending', async () => {
    const user = userEvent.setup();
    openSending(withSending('INITIALIZED'));
    onCall('verify-sending-domain', () => json(sendingDomainAnswer('example.com', 'PENDING')));
    const activation = await step2();
    await user.click(activation.getByRole('button', { name: 'Activate' }));
    expect(await activation.findByRole('button', { name: SENDING_DOMAIN_ACTIVATION_TEXT })).toBeDisabled();
  });

  it('shows verified when the provider says active, whatever the status', async () => {
    const user = userEvent.setup();
    openSending(withSending('INITIALIZED'));
    onCall('verify-sending-domain', () => json(sendingDomainAnswer('example.com', 'PENDING', { active: true })));
    const activation = await step2();
    await user.click(activation.getByRole('button', { name: 'Activate' }));
    expect(await activation.findByText('is verified.', { exact: false })).toBeInTheDocument();
  });

  it.each<[string, () => Response, string]>([
    [
      'the answer refuses',
      () => json(sendingDomainAnswer('example.com', 'INITIALIZED', { error: { message: 'Records missing' } })),
      'Unable to verify custom domain',
    ],
    ['the call is refused', () => apiError(400, 'bad'), 'Unable to verify custom domain'],
  ])('returns to "Try again" with the error when %s', async (_label, answer, message) => {
    const user = userEvent.setup();
    openSending(withSending('INITIALIZED'));
    onCall('verify-sending-domain', answer);
    const activation = await step2();
    await user.click(activation.getByRole('button', { name: 'Activate' }));
    expect(await activation.findByRole('alert')).toHaveTextContent(message);
    expect(activation.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Back removes the sending domain, then returns to /domain', async () => {
    const user = userEvent.setup();
    const opened = openSending(withSending('INITIALIZED'));
    await step2();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(routeOf(opened)).toEqual({ route: '/domain' }));
    expect(opened.removals).toHaveLength(1);
  });
});

describe('VERIFIED', () => {
  it('shows the success panel; removing returns to /domain', async () => {
    const user = userEvent.setup();
    const opened = openSending('domain-live');
    const activation = await step2();
    expect(await activation.findByText('is verified.', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Valid' }).length).toBeGreaterThanOrEqual(4);
    await user.click(activation.getByRole('button', { name: 'Remove sending domain' }));
    await waitFor(() => expect(routeOf(opened)).toEqual({ route: '/domain' }));
    expect(opened.removals).toHaveLength(1);
  });

  it.each<[string, () => Response, string]>([
    ['refused', () => apiError(400, 'bad'), 'Unable to remove custom sending domain'],
    ['unreachable', () => HttpResponse.error(), 'Error removing custom sending domain'],
  ])('says so when the removal is %s', async (_label, answer, message) => {
    const user = userEvent.setup();
    openSending('domain-live');
    onCall('remove-sending-domain', answer);
    const activation = await step2();
    await user.click(activation.getByRole('button', { name: 'Remove sending domain' }));
    expect(await activation.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('the screen', () => {
  it('shows no records table when there are none', async () => {
    openSending(withSending('INVALID'), {
      check: () => json(sendingDomainAnswer('example.com', 'INVALID', { records: [] })),
    });
    const activation = await step2();
    expect(activation.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it.each<[string, () => Response]>([
    ['the check fails', () => apiError(400, 'bad')],
    [
      'the check says so',
      () => json(sendingDomainAnswer('example.com', 'PENDING', { error: { message: 'Provider down' } })),
    ],
  ])('says there is an issue when %s', async (_label, check) => {
    openSending(withSending('PENDING'), { check });
    expect(
      await screen.findByText(
        "There's an issue with your custom sending domain, reach out to us on support@inkwell.test",
      ),
    ).toBeInTheDocument();
  });

  it.each<[string, SendingDomainStatus | null]>([
    ['NONE', 'NONE'],
    ['CUSTOM', 'CUSTOM'],
    ['DEFUNCT', 'DEFUNCT'],
    ['missing', null],
  ])('%s goes to /domain', async (_label, status) => {
    const opened = openSending(withSending(status));
    await waitFor(() => expect(routeOf(opened)).toEqual({ route: '/domain' }));
    expect(opened.checks).toHaveLength(0);
  });

  it('says the account is on a special legacy plan on 403', async () => {
    openSending('legacy', { accountInfo: () => apiError(403, 'This site is on a special legacy plan.') });
    expect(
      await screen.findByText(
        "You're on a special legacy plan, if you need to make any billing changes reach out to us on support@inkwell.test",
      ),
    ).toBeInTheDocument();
  });

  it.each<
    [string, Parameters<typeof openPanelAs>[0], string, ((call: RecordedCall, attempt: number) => Response) | undefined]
  >([
    ['any other failure goes to /', 'domain-pending', '/', () => apiError(400, 'bad')],
    [
      'a forced-upgrade owner goes to /plans',
      billingDataOf('trial-over', (data) => Object.assign(data, { forceUpgradeOwner: true })),
      '/plans',
      undefined,
    ],
    ['grace goes to /', 'grace', '/', undefined],
  ])('%s', async (_label, scenario, route, accountInfo) => {
    const opened = openSending(scenario, { accountInfo });
    await waitFor(() => expect(routeOf(opened)).toEqual({ route }));
  });
});

describe('announcements: every verification result reaches a screen reader', () => {
  it('verifying, pending and verified change the text of one polite status region that was there before', async () => {
    const user = userEvent.setup();
    openSending(withSending('INITIALIZED'));
    const answers = ['PENDING', 'VERIFIED'] as const;
    // Each verification waits for the test to answer it, so the 'Verifying…' text can be seen first.
    const waiting: Array<() => void> = [];
    onCall('verify-sending-domain', async (_call, attempt) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return json(sendingDomainAnswer('example.com', answers[attempt - 1]!));
    });
    const answerVerification = async () => {
      await waitFor(() => expect(waiting).toHaveLength(1));
      waiting.shift()!();
    };
    const activation = await step2();
    const regions = screen.getAllByRole('status');
    const announcement = (text: string) =>
      waitFor(() => {
        const region = regions.find((candidate) => candidate.textContent === text);
        expect(region).toHaveAttribute('aria-live', 'polite');
        return region!;
      });
    await user.click(activation.getByRole('button', { name: 'Activate' }));
    const region = await announcement('Verifying your custom sending domain…');
    await answerVerification();
    expect(await announcement(SENDING_DOMAIN_ACTIVATION_TEXT)).toBe(region);
    await user.keyboard('{Enter}');
    await announcement('Verifying your custom sending domain…');
    await answerVerification();
    expect(await announcement('Your custom sending domain is verified')).toBe(region);
  });
});

describe('announcements: a removal is heard after the screen has gone', () => {
  it.each<[string, Parameters<typeof openPanelAs>[0], string]>([
    ['verified', 'domain-live', 'Remove sending domain'],
    ['pending', withSending('PENDING'), 'Cancel & remove sending domain'],
  ])('%s: the shell says it, and the heading of /domain takes the focus', async (_label, scenario, buttonName) => {
    const user = userEvent.setup();
    const opened = openSending(scenario);
    const activation = await step2();
    const region = shellStatusRegion();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    const removedDomain = opened.data.currentSite.sending_domain;
    // What a screen reader reads as the heading takes the focus: the title of the screen it arrives on.
    const heading = screen.getByRole('heading', { level: 1, name: 'Custom sending domain settings' });
    const titlesOnFocus: Array<string | null> = [];
    heading.addEventListener('focus', () => titlesOnFocus.push(heading.textContent));
    await user.click(activation.getByRole('button', { name: buttonName }));
    await waitFor(() => expect(routeOf(opened)).toEqual({ route: '/domain' }));
    await waitFor(() => expect(region).toHaveTextContent(`Custom sending domain ${removedDomain} removed`));
    expect(shellStatusRegion()).toBe(region);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(titlesOnFocus).toEqual(['Domain settings']);
    // The overview offers to set a sending domain up again.
    expect(await screen.findByRole('button', { name: 'Setup' })).toBeInTheDocument();
  });

  it('INITIALIZED: Back says the records were dropped too, and moving on clears the message', async () => {
    const user = userEvent.setup();
    const opened = openSending(withSending('INITIALIZED'));
    await step2();
    const region = shellStatusRegion();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(region).toHaveTextContent('Custom sending domain example.com removed'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Domain settings' })).toHaveFocus());
    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Support' }),
    );
    await waitFor(() => expect(routeOf(opened)).toEqual({ route: '/support' }));
    await waitFor(() => expect(region).toBeEmptyDOMElement());
    // The user's own navigation keeps its focus.
    expect(screen.getByRole('link', { name: 'Support' })).toHaveFocus();
  });

  it('a failed removal stays on the screen and leaves the shell silent', async () => {
    const user = userEvent.setup();
    openSending('domain-live');
    onCall('remove-sending-domain', () => apiError(400, 'bad'));
    const activation = await step2();
    const region = shellStatusRegion();
    await user.click(activation.getByRole('button', { name: 'Remove sending domain' }));
    expect(await activation.findByRole('alert')).toHaveTextContent('Unable to remove custom sending domain');
    expect(region).toBeEmptyDOMElement();
    expect(screen.getByRole('heading', { level: 1, name: 'Custom sending domain settings' })).not.toHaveFocus();
  });
});
