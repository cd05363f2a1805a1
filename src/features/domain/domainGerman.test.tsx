/**
 * The domain screens in German (issue 27): their words from the German catalog, the DNS diagnosis's hint worded
 * from its parts, the time it was checked as de-DE writes it, and the custom domain screen's legacy-plan message.
 */
import { screen, within } from '@testing-library/react';
import { resolveLocale } from '../../../core/rules/locales';
import { activateLocale, createPanelI18n, loadCatalog } from '../../i18n/i18n';
import { answerAccountInfo, sendingDomainAnswer, withSite } from '../../test/handlers/domain';
import { billingDataOf, openPanelAs } from '../../test/openPanel';
import type { OpenPanelOptions } from '../../test/openPanel';
import { apiError, json, onCall } from '../../test/server';

afterEach(() => {
  jest.restoreAllMocks();
});

async function openInGerman(scenario: Parameters<typeof openPanelAs>[0], options: OpenPanelOptions) {
  // The browser speaks German too, so the panel stays in the language it was given.
  jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
  const i18n = createPanelI18n();
  await loadCatalog(i18n, 'de');
  activateLocale(i18n, resolveLocale('de'));
  return openPanelAs(scenario, { i18n, ...options });
}

it('shows the domain overview in German', async () => {
  const opened = await openInGerman(withSite(billingDataOf('domain-live'), { ssl_status: 'INVALID' }), {
    path: '/domain',
  });
  answerAccountInfo(opened);
  const custom = within(await screen.findByRole('region', { name: 'Eigene Domain' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Domain-Einstellungen' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Plattform-Subdomain' })).toBeInTheDocument();
  expect(custom.getByText('Aktivierung fehlgeschlagen')).toBeInTheDocument();
  expect(
    custom.getByText('Ihre eigene Domain konnte nicht aktiviert werden! Prüfen Sie die DNS-Einträge.'),
  ).toBeInTheDocument();
  expect(custom.getByRole('link', { name: 'Eigene Domain bearbeiten' })).toHaveTextContent('Bearbeiten');
});

it('shows the custom domain setup in German: the records table, the diagnosis and its hint', async () => {
  const checkedAt = Math.floor(Date.UTC(2026, 2, 3, 14, 5) / 1000);
  const opened = await openInGerman(
    withSite(billingDataOf('active'), { external_domain: 'shop.example.co.uk', ssl_status: 'FAILED' }),
    {
      path: '/domain/custom',
    },
  );
  answerAccountInfo(opened);
  onCall('lookup-nameserver', () => json({ nameServer: 'ns1.cloudflare.com' }));
  onCall('check-domain-dns', () =>
    json({
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
    }),
  );
  const diagnosis = within(
    await screen.findByRole('region', { name: 'Was das DNS jetzt für shop.example.co.uk antwortet' }),
  );
  expect(
    diagnosis.getByText('Ihr CNAME verweist auf elsewhere.example.net; er sollte auf active.inkwell.test verweisen'),
  ).toBeInTheDocument();
  const checked = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(checkedAt * 1000),
  );
  expect(diagnosis.getByText('Zuletzt geprüft').nextElementSibling).toHaveTextContent(checked);

  const table = screen.getByRole('table', { name: 'DNS-Einträge für Ihre eigene Domain' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Typ', 'Host', 'Wert', 'Proxy-Status', 'Status']);
  expect(within(table).getAllByRole('cell', { name: 'Nur DNS' }).length).toBeGreaterThan(0);
  expect(within(table).getByRole('button', { name: 'CNAME-Host shop kopieren' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Wir konnten Ihre eigene Domain nicht aktivieren. Wenden Sie sich an den Support.',
  );
  expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
});

it("shows the sending domain's records in German", async () => {
  const scenario = withSite(billingDataOf('active'), {
    external_domain: 'www.example.com',
    sending_domain: 'example.com',
    sending_domain_status: 'PENDING',
  });
  const opened = await openInGerman(scenario, { path: '/domain/sending' });
  answerAccountInfo(opened);
  onCall('check-sending-domain', () => json(sendingDomainAnswer('example.com', 'PENDING')));
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Fügen Sie diese DNS-Einträge zu example.com hinzu' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Die Aktivierung kann bis zu 1 Tag dauern' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Abbrechen und Absenderdomain entfernen' })).toBeInTheDocument();
});

it("says the custom domain screen's legacy plan in German", async () => {
  const opened = await openInGerman('legacy', { path: '/domain/custom' });
  answerAccountInfo(opened, () => apiError(403, 'This site is on a special legacy plan.'));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Sie haben einen besonderen Alt-Tarif. Wenn Sie Änderungen an der Abrechnung oder an Domains vornehmen möchten, schreiben Sie uns an support@inkwell.test.',
  );
});
