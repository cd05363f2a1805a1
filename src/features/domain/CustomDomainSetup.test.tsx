/**
 * Custom domain setup (SPEC 2 "Custom domain setup", 4 "Custom domain activation", 5 "Custom domain input", 8
 * "Domains", 9): the input rules, the DNS table and its copy buttons (fake timers for the 2 s tick), the
 * nameserver rules, the activation and its poll every 3 s (fake timers), every message, the removal, the DNS
 * diagnosis, the Back link and the redirects.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingData, CurrentSite, DnsDiagnosis } from '../../../core/contract';
import {
  COPY_CONFIRMATION_MS,
  CUSTOM_DOMAIN_ACTIVATION_TEXT,
  DOMAIN_POLL_INTERVAL_MS,
} from '../../../core/rules/constants';
import { DOMAIN_CHECK_UNAVAILABLE_MESSAGE, DOMAIN_MESSAGES } from '../../../core/rules/domains';
import { answerAccountInfo, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';
import type { RecordedCall } from '../../test/server';
import { useFakeTimers } from '../../test/fakeTimers';
import { createPanelI18n } from '../../i18n/i18n';

afterEach(() => {
  jest.restoreAllMocks();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

interface Answers {
  nameServer?: string | null;
  accountInfo?: (call: RecordedCall, attempt: number) => Response;
  diagnosis?: DnsDiagnosis;
  i18n?: I18n;
}

function openSetup(scenario: BillingData | Parameters<typeof openPanelAs>[0], answers: Answers = {}) {
  const opened = openPanelAs(scenario, { path: '/domain/custom', i18n: answers.i18n });
  answerAccountInfo(opened, answers.accountInfo);
  const lookups = onCall('lookup-nameserver', () => json({ nameServer: answers.nameServer ?? null }));
  const diagnoses = onCall('check-domain-dns', () => json(answers.diagnosis ?? { domain: null, records: [] }));
  return { ...opened, lookups, diagnoses };
}

/** activate-domain answers `status`; check-domain answers the statuses in turn (the last one from then on). */
function answerActivation(
  site: () => CurrentSite,
  status: string,
  checks: Array<Record<string, unknown> | (() => Response)>,
) {
  const activations = onCall('activate-domain', (call) =>
    json({ ssl_status: status, hostname: (call.data as { domain: string }).domain }),
  );
  const checkCalls = onCall('check-domain', (_call, attempt) => {
    const answer = checks[Math.min(attempt, checks.length) - 1]!;
    return typeof answer === 'function'
      ? answer()
      : json({ ssl_status: null, hostname: site().external_domain, error: null, ...answer });
  });
  return { activations, checkCalls };
}

const input = () => screen.findByRole('textbox', { name: 'Enter the domain you want to use' });
const dnsTable = () => screen.getByRole('table', { name: 'DNS records for your custom domain' });
const rowsOf = () =>
  within(dnsTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/[⧉✓]/g, '').trim()),
    );

describe('the screen', () => {
  it('has Back and Get help, three numbered steps, and the input with its placeholder', async () => {
    openSetup('active');
    const field = await input();
    expect(screen.getByRole('heading', { level: 1, name: 'Domain settings' })).toBeInTheDocument();
    expect(field).toHaveAttribute('placeholder', 'www.example.com');
    expect(field).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Get help (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://inkwell.test/help/custom-domains/',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/domain');
    const steps = screen.getAllByRole('listitem').filter((item) => item.classList.contains('domain-step'));
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Enter the domain you want to use',
      'Create your DNS records',
      'Activate custom domain',
    ]);
    expect(screen.getByRole('button', { name: 'Activate' })).toBeDisabled();
  });

  it('Back reads the current site before it returns to /domain', async () => {
    const user = userEvent.setup();
    const opened = openSetup('domain-pending');
    onCall('check-domain', () => json({ ssl_status: 'PENDING', hostname: 'blog.example.com', error: null }));
    const reads = onCall('get-current-site', () =>
      json({ currentSite: opened.data.currentSite, currentSiteLimits: opened.data.currentSiteLimits }),
    );
    await input();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('region', { name: 'Custom domain' })).toBeInTheDocument();
    expect(reads).toHaveLength(1);
    expect(reads[0]!.data).toEqual({ siteId: opened.data.currentSite.id });
  });
});

describe('the input (SPEC 5 "Custom domain input")', () => {
  it.each<[string, string, string | null, boolean]>([
    ['too short', 'ab', null, false],
    ['not a domain', 'example', 'Enter a valid domain', false],
    ['the platform domain', 'blog.inkwell.test', 'External domains should not end in inkwell.test', false],
    ['a URL, reduced to its host', '  HTTPS://Shop.Example.co.uk/path ', null, true],
  ])('%s', async (_label, typed, error, enabled) => {
    const user = userEvent.setup();
    openSetup('active');
    await user.type(await input(), typed);
    if (error) expect(screen.getByText(error)).toBeInTheDocument();
    else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Activate' });
    if (enabled) expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
  });
});

describe('the DNS table', () => {
  const PROOF_ROW = ['TXT', '_site-verification', 'site-verification=site_active'];
  it.each<[string, string, string[][]]>([
    [
      'before a domain: CNAME on www, A on the root',
      '',
      [['CNAME', 'www', 'active.inkwell.test'], ['A', '@', '192.0.2.10'], PROOF_ROW],
    ],
    [
      'a root domain: CNAME on @, A on www',
      'example.com',
      [['CNAME', '@', 'active.inkwell.test'], ['A', 'www', '192.0.2.10'], PROOF_ROW],
    ],
    [
      'a subdomain under co.uk: no A record',
      'shop.example.co.uk',
      [['CNAME', 'shop', 'active.inkwell.test'], PROOF_ROW],
    ],
    [
      'a root under com.au',
      'example.com.au',
      [['CNAME', '@', 'active.inkwell.test'], ['A', 'www', '192.0.2.10'], PROOF_ROW],
    ],
  ])("%s, and the TXT record that proves the domain is the site owner's", async (_label, typed, rows) => {
    const user = userEvent.setup();
    openSetup('active');
    if (typed) await user.type(await input(), typed);
    else await input();
    expect(
      within(dnsTable())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Type', 'Host', 'Value']);
    expect(rowsOf()).toEqual(rows);
  });

  it('shows "DNS Only" as the Proxy Status for a Cloudflare nameserver', async () => {
    openSetup('domain-pending', { nameServer: 'ada.ns.cloudflare.com' });
    onCall('check-domain', () => json({ ssl_status: 'PENDING', hostname: 'blog.example.com', error: null }));
    await input();
    await waitFor(() =>
      expect(within(dnsTable()).getByRole('columnheader', { name: 'Proxy Status' })).toBeInTheDocument(),
    );
    expect(rowsOf()).toEqual([
      ['CNAME', 'blog', 'domain-pending.inkwell.test', 'DNS Only'],
      ['TXT', '_site-verification', 'site-verification=site_domain_pending', 'DNS Only'],
    ]);
  });

  it('copies a value on click, with a green tick for 2 seconds', async () => {
    const user = useFakeTimers();
    openSetup('active');
    await input();
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    const copy = within(dnsTable()).getByRole('button', { name: 'Copy CNAME value active.inkwell.test' });
    await user.click(copy);
    expect(write).toHaveBeenCalledWith('active.inkwell.test');
    expect(await screen.findByText('Copied CNAME value active.inkwell.test')).toBeInTheDocument();
    // The green tick is drawn (the button's copied state); what it says is announced above.
    expect(copy).toHaveClass('copy-button--copied');
    await advance(COPY_CONFIRMATION_MS - 1);
    expect(copy).toHaveClass('copy-button--copied');
    await advance(1);
    expect(copy).not.toHaveClass('copy-button--copied');
    expect(screen.queryByText('Copied CNAME value active.inkwell.test')).not.toBeInTheDocument();
  });

  it('only warns when the clipboard refuses', async () => {
    const user = userEvent.setup();
    openSetup('active');
    await input();
    const refusal = new Error('denied');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(refusal);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const copy = within(dnsTable()).getByRole('button', { name: 'Copy CNAME host www' });
    await user.click(copy);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not copy to the clipboard', refusal));
    expect(copy).not.toHaveTextContent('✓');
  });

  it('copies all records as zone-file lines', async () => {
    const user = userEvent.setup();
    openSetup('active');
    await user.type(await input(), 'example.com');
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy all records' }));
    expect(write).toHaveBeenCalledWith(
      '@ 300 IN CNAME active.inkwell.test.\nwww 300 IN A 192.0.2.10\n_site-verification 300 IN TXT "site-verification=site_active"',
    );
  });

  it('shows what DNS answers now next to what is expected, when it was checked and what to change', async () => {
    const checkedAt = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
    openSetup(withSite(billingDataOf('active'), { external_domain: 'shop.example.co.uk', ssl_status: 'FAILED' }), {
      diagnosis: {
        domain: 'shop.example.co.uk',
        records: [
          {
            type: 'CNAME',
            host: 'shop',
            name: 'shop.example.co.uk',
            expected: 'active.inkwell.test',
            answers: ['elsewhere.example.net'],
            ok: false,
            checkedAt,
            hint: 'Your CNAME points to elsewhere.example.net; it should point to active.inkwell.test',
          },
        ],
      },
    });
    const diagnosis = within(
      await screen.findByRole('region', { name: 'What DNS answers now for shop.example.co.uk' }),
    );
    expect(diagnosis.getByText('active.inkwell.test')).toBeInTheDocument();
    expect(diagnosis.getByText('elsewhere.example.net')).toBeInTheDocument();
    expect(
      diagnosis.getByText('Your CNAME points to elsewhere.example.net; it should point to active.inkwell.test'),
    ).toBeInTheDocument();
    expect(diagnosis.getByRole('img', { name: 'Not valid' })).toBeInTheDocument();
    expect(screen.getByText('Last checked').nextElementSibling?.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2026-03-03T14:05:00.000Z',
    );
    expect(within(dnsTable()).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(dnsTable()).getByRole('img', { name: 'Not valid' })).toBeInTheDocument();
  });

  it("marks the proof's TXT row as DNS answers it, and says what to add while it is missing", async () => {
    const checkedAt = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
    const hint =
      'Add a TXT record at _site-verification.example.com with the value site-verification=site_active: it proves the domain is yours';
    openSetup(withSite(billingDataOf('active'), { external_domain: 'example.com', ssl_status: 'PENDING' }), {
      diagnosis: {
        domain: 'example.com',
        records: [
          {
            type: 'CNAME',
            host: '@',
            name: 'example.com',
            expected: 'active.inkwell.test',
            answers: [],
            ok: true,
            checkedAt,
            hint: null,
          },
          {
            type: 'A',
            host: 'www',
            name: 'www.example.com',
            expected: '192.0.2.10',
            answers: ['192.0.2.10'],
            ok: true,
            checkedAt,
            hint: null,
          },
          {
            type: 'TXT',
            host: '_site-verification',
            name: '_site-verification.example.com',
            expected: 'site-verification=site_active',
            answers: [],
            ok: false,
            checkedAt,
            hint,
          },
        ],
      },
    });
    const diagnosis = within(await screen.findByRole('region', { name: 'What DNS answers now for example.com' }));
    expect(diagnosis.getByText(hint)).toBeInTheDocument();
    const proofRow = within(dnsTable()).getByRole('cell', { name: /^TXT$/ }).closest('tr')!;
    expect(within(proofRow).getByRole('img', { name: 'Not valid' })).toBeInTheDocument();
    expect(within(dnsTable()).getAllByRole('img', { name: 'Valid' })).toHaveLength(2);
  });
});

describe("the DNS diagnosis in the owner's language", () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it("words a hint from its parts and says when it was checked in the owner's locale, switching in place", async () => {
    const checkedAt = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
    const i18n = createPanelI18n();
    const opened = openSetup(
      withSite(billingDataOf('active'), { external_domain: 'shop.example.co.uk', ssl_status: 'FAILED' }),
      {
        i18n,
        diagnosis: {
          domain: 'shop.example.co.uk',
          records: [
            {
              type: 'CNAME',
              host: 'shop',
              name: 'shop.example.co.uk',
              expected: 'active.inkwell.test',
              answers: ['elsewhere.example.net'],
              ok: false,
              checkedAt,
              hint: 'Your CNAME points to elsewhere.example.net; it should point to active.inkwell.test',
              problem: { code: 'cname_elsewhere', found: ['elsewhere.example.net'] },
            },
          ],
        },
      },
    );
    const englishHint = await screen.findByText(
      'Your CNAME points to elsewhere.example.net; it should point to active.inkwell.test',
    );
    const time = englishHint.closest('li')!.querySelector('time');
    const formatIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(checkedAt * 1000));
    expect(time).toHaveTextContent(formatIn('en-US'));

    act(() => opened.panel.host.send({ query: 'localeUpdate', response: 'de-DE' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('de-DE'));
    // The hint's German, whatever the catalog says today: its id as the macro makes it from the English, compiled.
    const target = '';
    const expected = '';
    const id = msg`Your CNAME points to ${target}; it should point to ${expected}`.id;
    act(() =>
      i18n.load('de', { [id]: ['Ihr CNAME zeigt auf ', ['target'], '; er sollte auf ', ['expected'], ' zeigen'] }),
    );
    expect(
      await screen.findByText('Ihr CNAME zeigt auf elsewhere.example.net; er sollte auf active.inkwell.test zeigen'),
    ).toBeInTheDocument();
    expect(time).toHaveTextContent(formatIn('de-DE'));
  });

  it('says a record it could not check in its own words', async () => {
    const checkedAt = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
    openSetup(withSite(billingDataOf('active'), { external_domain: 'www.example.com', ssl_status: 'FAILED' }), {
      diagnosis: {
        domain: 'www.example.com',
        records: [
          {
            type: 'A',
            host: '@',
            name: 'example.com',
            expected: '192.0.2.10',
            answers: [],
            ok: false,
            checkedAt,
            hint: DOMAIN_CHECK_UNAVAILABLE_MESSAGE,
            problem: { code: 'check_failed', found: [] },
          },
        ],
      },
    });
    const diagnosis = within(await screen.findByRole('region', { name: 'What DNS answers now for www.example.com' }));
    expect(diagnosis.getByText(DOMAIN_CHECK_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(diagnosis.getByText('Nothing yet')).toBeInTheDocument();
  });
});

describe('activation (SPEC 4 "Custom domain activation")', () => {
  it('activates with Enter, polls every 3 s until live, then shows the active panel and the remove button', async () => {
    const user = useFakeTimers();
    const opened = openSetup('active');
    const { activations, checkCalls } = answerActivation(() => opened.data.currentSite, 'PENDING', [
      { ssl_status: 'PENDING', hostname: 'www.example.com' },
      { ssl_status: 'ACTIVE', hostname: 'www.example.com' },
    ]);
    await user.type(await input(), 'www.example.com{Enter}');
    const waiting = await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT });
    expect(waiting).toBeDisabled();
    expect(activations[0]!.data).toEqual({ siteId: opened.data.currentSite.id, domain: 'www.example.com' });
    expect(checkCalls).toHaveLength(0);
    await advance(DOMAIN_POLL_INTERVAL_MS);
    await waitFor(() => expect(checkCalls).toHaveLength(1));
    expect(screen.getByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT })).toBeDisabled();
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await screen.findByText('www.example.com is active')).toBeInTheDocument();
    expect(document.querySelector('.domain-active')).toHaveTextContent('Your custom domain www.example.com is active.');
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove custom domain' })).toBeInTheDocument();
    await advance(DOMAIN_POLL_INTERVAL_MS * 3);
    expect(checkCalls).toHaveLength(2);
  });

  it('shows a disabled spinner button while the activation is requested', async () => {
    const user = userEvent.setup();
    openSetup('active');
    onCall('activate-domain', () => new Promise<Response>(() => {}));
    await user.type(await input(), 'www.example.com');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const spinner = await screen.findByRole('button', { name: 'Activating www.example.com…' });
    expect(spinner).toBeDisabled();
    expect(spinner).toHaveAttribute('aria-busy', 'true');
  });

  it.each(['ns1.godaddy.com', 'dns1.hover.com', 'ns-cloud-a1.googledomains.com'])(
    'prepends www. for %s',
    async (nameServer) => {
      const user = userEvent.setup();
      const opened = openSetup('active', { nameServer });
      const { activations } = answerActivation(() => opened.data.currentSite, 'ACTIVE', []);
      await user.type(await input(), 'example.com{Enter}');
      await waitFor(() => expect(activations).toHaveLength(1));
      expect(activations[0]!.data).toEqual({ siteId: opened.data.currentSite.id, domain: 'www.example.com' });
      expect(await input()).toHaveValue('www.example.com');
    },
  );

  it('keeps a root domain on other nameservers', async () => {
    const user = userEvent.setup();
    const opened = openSetup('active', { nameServer: 'ns1.registrar.test' });
    const { activations } = answerActivation(() => opened.data.currentSite, 'ACTIVE', []);
    await user.type(await input(), 'example.com{Enter}');
    await waitFor(() => expect(activations).toHaveLength(1));
    expect(activations[0]!.data).toMatchObject({ domain: 'example.com' });
  });

  it.each<[string, Record<string, unknown> | (() => Response), string, string]>([
    [
      'a failed status',
      { ssl_status: 'FAILED', hostname: 'example.com' },
      'example.com',
      "We weren't able to activate your custom domain. Contact support.",
    ],
    [
      'INVALID on a root domain',
      { ssl_status: 'INVALID', hostname: 'example.com' },
      'example.com',
      'Unable to detect a valid CNAME record for example.com. Did you mean to enter www.example.com?',
    ],
    [
      'INVALID on a subdomain',
      { ssl_status: 'INVALID', hostname: 'blog.example.com' },
      'blog.example.com',
      'Unable to detect a valid CNAME record for blog.example.com.',
    ],
    [
      'a check error, shown as is',
      { ssl_status: 'PENDING', hostname: 'example.com', error: { message: 'Your CNAME points elsewhere' } },
      'example.com',
      'Your CNAME points elsewhere',
    ],
    [
      'a check error without a message',
      { ssl_status: 'PENDING', hostname: 'example.com', error: { message: '' } },
      'example.com',
      DOMAIN_MESSAGES.activationFailedDefault,
    ],
    [
      "a check that could not ask DNS, in the panel's words",
      { ssl_status: 'PENDING', hostname: 'example.com', error: { message: DOMAIN_CHECK_UNAVAILABLE_MESSAGE } },
      'example.com',
      "We couldn't check your domain right now. Try again in a minute.",
    ],
    ['the check failing', () => apiError(400, 'bad'), 'example.com', 'Error checking custom domain'],
    [
      'an unknown status',
      { ssl_status: 'SOMETHING_NEW', hostname: 'example.com' },
      'example.com',
      'Refresh the page to update the status of your domain activation.',
    ],
    [
      'no hostname and no status',
      { ssl_status: null, hostname: null },
      'example.com',
      "We weren't able to activate your custom domain. Refresh the page and try again or contact support",
    ],
  ])('stops on %s with "Try again" and its message', async (_label, check, domain, message) => {
    const user = useFakeTimers();
    const opened = openSetup('active');
    const { checkCalls } = answerActivation(() => opened.data.currentSite, 'PENDING', [check]);
    await user.type(await input(), `${domain}{Enter}`);
    await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT });
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await advance(DOMAIN_POLL_INTERVAL_MS * 3);
    expect(checkCalls).toHaveLength(1);
  });

  it('says the update failed when a live domain answers for another host', async () => {
    const user = useFakeTimers();
    const opened = openSetup('domain-live');
    answerActivation(() => opened.data.currentSite, 'PENDING', [{ ssl_status: 'ACTIVE', hostname: 'www.example.com' }]);
    const field = await input();
    await user.clear(field);
    await user.type(field, 'shop.example.com{Enter}');
    await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT });
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_MESSAGES.updateFailed);
  });

  it('says so when the activation request fails', async () => {
    const user = userEvent.setup();
    openSetup('active');
    onCall('activate-domain', () => apiError(400, 'bad'));
    await user.type(await input(), 'www.example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_MESSAGES.noHostnameNoStatus);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses the configured domain when it has not failed: "Invalid custom domain"', async () => {
    const user = userEvent.setup();
    openSetup(withSite(billingDataOf('active'), { external_domain: 'www.example.com', ssl_status: null }));
    const activations = onCall('activate-domain', () => json({}));
    await waitFor(async () => expect(await input()).toHaveValue('www.example.com'));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid custom domain');
    expect(activations).toHaveLength(0);
  });
});

describe('on load', () => {
  it('in progress: the button is disabled and the status polled', async () => {
    useFakeTimers();
    const opened = openSetup('domain-pending');
    const { checkCalls } = answerActivation(() => opened.data.currentSite, 'PENDING', [
      { ssl_status: 'PENDING', hostname: 'blog.example.com' },
      { ssl_status: 'ACTIVE', hostname: 'blog.example.com' },
    ]);
    expect(await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT })).toBeDisabled();
    expect(await input()).toHaveValue('blog.example.com');
    await advance(DOMAIN_POLL_INTERVAL_MS);
    await waitFor(() => expect(checkCalls).toHaveLength(1));
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await screen.findByText('blog.example.com is active')).toBeInTheDocument();
  });

  it('stops polling when the screen is left', async () => {
    const user = useFakeTimers();
    const opened = openSetup('domain-pending');
    const { checkCalls } = answerActivation(() => opened.data.currentSite, 'PENDING', [
      { ssl_status: 'PENDING', hostname: 'blog.example.com' },
    ]);
    onCall('get-current-site', () =>
      json({ currentSite: opened.data.currentSite, currentSiteLimits: opened.data.currentSiteLimits }),
    );
    await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('region', { name: 'Custom domain' });
    await advance(DOMAIN_POLL_INTERVAL_MS * 3);
    expect(checkCalls).toHaveLength(0);
  });

  it('live: the active panel and the remove button; removing clears the domain', async () => {
    const user = userEvent.setup();
    const opened = openSetup('domain-live');
    const updates = onCall('update-domain', () =>
      json({ currentSite: { ...opened.data.currentSite, external_domain: null, ssl_status: null } }),
    );
    expect(await screen.findByText('www.example.com is active')).toBeInTheDocument();
    expect(document.querySelector('.domain-active')).toHaveTextContent('Your custom domain www.example.com is active.');
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove custom domain' }));
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeDisabled();
    expect(await input()).toHaveValue('');
    expect(updates[0]!.data).toEqual({ siteId: opened.data.currentSite.id, domain: null });
    expect(screen.queryByRole('button', { name: 'Remove custom domain' })).not.toBeInTheDocument();
  });

  it('says how to get help when the removal fails', async () => {
    const user = userEvent.setup();
    openSetup('domain-live');
    onCall('update-domain', () => apiError(400, 'bad'));
    await user.click(await screen.findByRole('button', { name: 'Remove custom domain' }));
    expect(
      await screen.findByText(
        'Unable to remove domain. Refresh the page and try again or contact support at support@inkwell.test.',
      ),
    ).toBeInTheDocument();
  });

  it('failed: the button reads "Try again" and the activation may be retried for the same domain', async () => {
    const user = userEvent.setup();
    const opened = openSetup(
      withSite(billingDataOf('active'), { external_domain: 'shop.example.co.uk', ssl_status: 'FAILED' }),
    );
    const { activations } = answerActivation(() => opened.data.currentSite, 'ACTIVE', []);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We weren't able to activate your custom domain. Contact support.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(activations).toHaveLength(1));
    expect(await screen.findByText('shop.example.co.uk is active')).toBeInTheDocument();
  });
});

describe('the account info', () => {
  it('says the account is on a special legacy plan on 403', async () => {
    openSetup('legacy', { accountInfo: () => apiError(403, 'This site is on a special legacy plan.') });
    expect(
      await screen.findByText(/special legacy plan\. If you need to make any billing or domain changes/),
    ).toBeInTheDocument();
  });

  it.each<[string, Parameters<typeof openPanelAs>[0], Answers, string]>([
    ['any other failure goes to /', 'active', { accountInfo: () => apiError(400, 'bad') }, '/'],
    [
      'a forced-upgrade owner goes to /plans',
      billingDataOf('trial-over', (data) => Object.assign(data, { forceUpgradeOwner: true })),
      {},
      '/plans',
    ],
    ['grace goes to /', 'grace', {}, '/'],
  ])('%s', async (_label, scenario, answers, route) => {
    const opened = openSetup(scenario, answers);
    await waitFor(() => expect(opened.panel.host.postedWith('route').at(-1)).toEqual({ route }));
  });
});

describe('announcements: every status change reaches a screen reader', () => {
  /** The polite status region showing `text`; it must be one of `before`, the regions there before the change. */
  async function announcement(before: HTMLElement[], text: string) {
    const region = await waitFor(() => {
      const found = screen.getAllByRole('status').find((candidate) => candidate.textContent === text);
      expect(found).toBeDefined();
      return found!;
    });
    expect(before).toContain(region);
    expect(region).toHaveAttribute('aria-live', 'polite');
    return region;
  }

  it('activating, waiting and live change the text of one status region that was there before', async () => {
    const user = useFakeTimers();
    const opened = openSetup('active');
    answerActivation(() => opened.data.currentSite, 'PENDING', [{ ssl_status: 'ACTIVE', hostname: 'www.example.com' }]);
    let finishActivation: () => void = () => {};
    const activation = new Promise<void>((resolve) => {
      finishActivation = resolve;
    });
    onCall('activate-domain', async () => {
      await activation;
      return json({ ssl_status: 'PENDING', hostname: 'www.example.com' });
    });
    await user.type(await input(), 'www.example.com');
    const regions = screen.getAllByRole('status');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const region = await announcement(regions, 'Activating www.example.com…');
    finishActivation();
    await announcement(regions, `www.example.com: ${CUSTOM_DOMAIN_ACTIVATION_TEXT}`);
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await announcement(regions, 'www.example.com is active')).toBe(region);
  });

  it('a failed check is an alert', async () => {
    const user = useFakeTimers();
    const opened = openSetup('active');
    answerActivation(() => opened.data.currentSite, 'PENDING', [
      { ssl_status: 'INVALID', hostname: 'www.example.com' },
    ]);
    await user.type(await input(), 'www.example.com{Enter}');
    await screen.findByRole('button', { name: CUSTOM_DOMAIN_ACTIVATION_TEXT });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(DOMAIN_POLL_INTERVAL_MS);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to detect a valid CNAME record for www.example.com.',
    );
  });

  it('a removal is announced, and the focus goes to the domain input', async () => {
    const user = userEvent.setup();
    const opened = openSetup('domain-live');
    onCall('update-domain', () =>
      json({ currentSite: { ...opened.data.currentSite, external_domain: null, ssl_status: null } }),
    );
    const regions = await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove custom domain' })).toBeInTheDocument();
      return screen.getAllByRole('status');
    });
    await user.click(screen.getByRole('button', { name: 'Remove custom domain' }));
    await announcement(regions, 'Custom domain www.example.com removed');
    expect(await input()).toHaveFocus();
  });
});
