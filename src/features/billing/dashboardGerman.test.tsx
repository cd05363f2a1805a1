/**
 * The dashboard in German (issue 27): its words from the German catalog, its money, dates and counts as de-DE
 * writes them, the page's title too.
 */
import { screen, within } from '@testing-library/react';
import { resolveLocale } from '../../../core/rules/locales';
import { activateLocale, createPanelI18n, loadCatalog } from '../../i18n/i18n';
import { openPanelAs } from '../../test/openPanel';

afterEach(() => {
  jest.restoreAllMocks();
});

/** The value beside a term of a description list. */
function valueOf(list: HTMLElement, term: string) {
  return within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

it('shows the dashboard in German, money as de-DE writes it', async () => {
  // The browser speaks German too, so the panel stays in the language it was given.
  jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('de-DE');
  const i18n = createPanelI18n();
  await loadCatalog(i18n, 'de');
  activateLocale(i18n, resolveLocale('de'));
  openPanelAs('active', { i18n });

  const plan = await screen.findByRole('region', { name: 'Tarifdetails' });
  expect(screen.getByRole('heading', { level: 1, name: 'Abrechnungs- und Domaineinstellungen' })).toBeInTheDocument();
  expect(document.title).toBe('Abrechnungs- und Domaineinstellungen');
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Tarifdetails',
    'Zahlungsinformationen',
    'Rechnungsverlauf',
  ]);
  expect(valueOf(plan, 'Tarif Publisher')).toBe('360\u00a0$');
  expect(valueOf(plan, 'Gesamt')).toBe('360\u00a0$ pro Jahr');
  expect(valueOf(plan, 'Guthaben')).toBe('12,50\u00a0$');
  expect(valueOf(plan, 'Sonderangebot aktiv')).toBe('Launch offer: 50\u00a0% Rabatt');

  const history = screen.getByRole('region', { name: 'Rechnungsverlauf' });
  expect(
    within(history)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toContain('180\u00a0$');
});
