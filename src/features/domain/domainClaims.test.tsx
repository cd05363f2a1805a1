/**
 * Proof wins over a claim (beyond the spec, issue 37) on the domain screens: refused a name another site has only
 * claimed, the owner reads the TXT record that proves it is theirs; the owner of an unproven domain reads until when
 * it is held; the owner of a claim that ended reads why.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EndedDomainClaim } from '../../../core/contract';
import { customDomainMessages } from '../../../server/domains/customDomains';
import { answerAccountInfo, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import { json, onCall } from '../../test/server';

const input = () => screen.findByRole('textbox', { name: 'Enter the domain you want to use' });

function openAt(path: string, site: Parameters<typeof withSite>[1]) {
  const opened = openPanelAs(withSite(billingDataOf('active'), site), { path });
  answerAccountInfo(opened);
  onCall('lookup-nameserver', () => json({ nameServer: null }));
  onCall('check-domain-dns', () => json({ domain: null, records: [] }));
  return opened;
}

const refusal = (code: string, message: string) => json({ error: { code, message, status: 409 } }, 409);

describe('activating a name another site has only claimed', () => {
  it('shows the TXT record that proves the domain, and Try again asks again', async () => {
    const user = userEvent.setup();
    openAt('/domain/custom', {});
    const activations = onCall('activate-domain', (_call, attempt) =>
      attempt === 1
        ? refusal(
            'domain_claimed',
            customDomainMessages.claimed('_site-verification.bigbrand-example.com', 'site-verification=site_active'),
          )
        : json({ ssl_status: 'ACTIVE', hostname: 'bigbrand-example.com' }),
    );
    await user.type(await input(), 'bigbrand-example.com{Enter}');

    const claimed = await screen.findByRole('alert');
    expect(claimed).toHaveTextContent('Another site saved bigbrand-example.com without proving it is theirs.');
    expect(claimed).toHaveTextContent(
      'If the domain is yours, add this TXT record to its DNS, then try again: the site that proves a domain gets it.',
    );
    const proof = within(claimed).getByRole('table', {
      name: 'The DNS record that proves bigbrand-example.com is yours',
    });
    const [, row] = within(proof).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/⧉/g, '').trim()),
    ).toEqual(['TXT', '_site-verification', 'site-verification=site_active']);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('is active.', { exact: false })).toBeInTheDocument();
    expect(activations).toHaveLength(2);
    expect(
      screen.queryByRole('table', { name: 'The DNS record that proves bigbrand-example.com is yours' }),
    ).not.toBeInTheDocument();
  });

  it("says so, in the catalog's words, when the name is another site's for good", async () => {
    const user = userEvent.setup();
    openAt('/domain/custom', {});
    onCall('activate-domain', () => refusal('domain_held', customDomainMessages.inUse));
    await user.type(await input(), 'example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(customDomainMessages.inUse);
    expect(screen.queryByRole('table', { name: /proves/ })).not.toBeInTheDocument();
  });
});

describe("the owner's own claim", () => {
  const endedAt = Date.UTC(2026, 10, 27, 9, 30) / 1000;

  it.each<[EndedDomainClaim['reason'], string]>([
    ['proven_elsewhere', 'Another site proved it controls this domain before you did.'],
    ['expired', 'It was not proven yours before its claim expired.'],
  ])('that ended (%s) says why, on the overview and the custom domain screen', async (reason, why) => {
    const site = {
      external_domain: null,
      ssl_status: null,
      ended_domain_claim: { domain: 'www.bigbrand-example.com', reason, ended_at: endedAt },
    };
    const user = userEvent.setup();
    openAt('/domain', site);
    const notice = await screen.findByText(/Your custom domain www.bigbrand-example.com was released on/);
    expect(notice.closest('.banner')).toHaveTextContent(why);
    expect(notice.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T09:30:00.000Z');
    await user.click(screen.getByRole('link', { name: 'Setup existing domain' }));
    await input();
    expect(
      screen.getByText(/Your custom domain www.bigbrand-example.com was released on/).closest('.banner'),
    ).toHaveTextContent(why);
  });

  it('while unproven, says until when it is held', async () => {
    const expiresAt = Date.UTC(2026, 11, 1, 12, 0) / 1000;
    openAt('/domain/custom', {
      external_domain: 'www.bigbrand-example.com',
      ssl_status: 'NONE',
      domain_claim_expires_at: expiresAt,
    });
    const note = await screen.findByText(/www.bigbrand-example.com is held for this site until/);
    expect(note).toHaveTextContent('until it is proven, another site that proves it takes it.');
    expect(note.querySelector('time')).toHaveAttribute('datetime', '2026-12-01T12:00:00.000Z');
  });

  it('says nothing of a claim once the domain is proven', async () => {
    openAt('/domain/custom', {
      external_domain: 'www.example.com',
      ssl_status: 'PENDING',
      domain_claim_expires_at: null,
      ended_domain_claim: null,
    });
    await input();
    expect(screen.queryByText(/is held for this site/)).not.toBeInTheDocument();
    expect(screen.queryByText(/was released/)).not.toBeInTheDocument();
  });
});
