/**
 * The warning of a live domain whose DNS moved away (issue 37): on the custom domain screen with the date it will be
 * removed, above the DNS diagnosis that says what to fix; after its removal, why the site is back at its platform
 * address; and a line on the overview.
 */
import { screen, within } from '@testing-library/react';
import type { DnsDiagnosis } from '../../../core/contract';
import { answerAccountInfo, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { json, onCall } from '../../test/server';

const DOMAIN = 'www.example.com';
const since = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
const removalAt = since + 72 * 3600;

const diagnosis: DnsDiagnosis = {
  domain: DOMAIN,
  records: [
    {
      type: 'CNAME',
      host: 'www',
      name: DOMAIN,
      expected: 'active.inkwell.test',
      answers: ['shops.example.net'],
      ok: false,
      checkedAt: since,
      hint: 'Your CNAME points to shops.example.net; it should point to active.inkwell.test',
      problem: { code: 'cname_elsewhere', found: ['shops.example.net'] },
    },
  ],
  dnsLost: { since, removalAt },
};

function open(path: string, status: string, answer: DnsDiagnosis = diagnosis) {
  const opened = openPanelAs(
    withSite(billingDataOf('active'), { external_domain: DOMAIN, ssl_status: status as never }),
    { path },
  );
  answerAccountInfo(opened);
  onCall('lookup-nameserver', () => json({ nameServer: null }));
  onCall('check-domain-dns', () => json(answer));
  return opened;
}

describe('a live domain whose DNS moved away', () => {
  it('warns on the custom domain screen with the removal date and the platform address, above the diagnosis', async () => {
    open('/domain/custom', 'FAILING');
    const removalDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(removalAt * 1000),
    );
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByText(`${DOMAIN} no longer points to your site`)).toBeInTheDocument();
    expect(
      await within(warning).findByText(
        `Its DNS records have changed. Fix them as shown below by ${removalDate}, or the domain will be removed and your site will go back to active.inkwell.test.`,
      ),
    ).toBeInTheDocument();
    // Still live: the active panel, and the diagnosis saying what to change.
    expect(screen.getByText(/is active\./)).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: `What DNS answers now for ${DOMAIN}` }));
    expect(
      rows.getByText('Your CNAME points to shops.example.net; it should point to active.inkwell.test'),
    ).toBeInTheDocument();
  });

  it('says why the site is back at its platform address once the domain was removed', async () => {
    open('/domain/custom', 'DEFUNCT', { ...diagnosis, dnsLost: null });
    // Beside the spec's own message of a failed status.
    expect(
      await screen.findByText("We weren't able to activate your custom domain. Contact support."),
    ).toBeInTheDocument();
    const warning = (await screen.findByText(`${DOMAIN} was removed from your site`)).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(
      within(warning).getByText(
        'Its DNS records stopped pointing to your site, so your site is back at active.inkwell.test. Fix the records as shown below, then select Try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says nothing of it for a domain whose DNS points at the site', async () => {
    open('/domain/custom', 'ACTIVE', { ...diagnosis, dnsLost: null });
    expect(await screen.findByText(/is active\./)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a line on the overview', async () => {
    open('/domain', 'FAILING');
    expect(
      await screen.findByText('Your custom domain no longer points to your site. Check the DNS records.'),
    ).toBeInTheDocument();
  });
});
