/**
 * The panel's language: the browser's until the host names one with localeUpdate (docs/host-protocol.md), then
 * the host's, switched in place like the theme: the screen, an open modal and what was typed in it stay.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openPanelAs } from '../test/openPanel';

const sections = () => screen.getByRole('navigation', { name: /./ });
const pageLanguage = () => document.documentElement.lang;

afterEach(() => {
  document.documentElement.lang = 'en';
});

it("switches to the host's language in place, keeping the open modal and what was typed in it", async () => {
  const user = userEvent.setup();
  const { panel } = openPanelAs('active');
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  await user.click(payment.getByRole('button', { name: 'Edit billing contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update billing contact' });
  const field = within(dialog).getByRole('textbox', { name: 'Billing contact email' });
  await user.clear(field);
  await user.type(field, 'accounts@exa');

  act(() => panel.host.send({ query: 'localeUpdate', response: 'de-AT' }));
  expect(await within(sections()).findByRole('link', { name: 'Abrechnung' })).toBeInTheDocument();
  expect(pageLanguage()).toBe('de-AT');
  expect(screen.getByRole('dialog')).toBe(dialog);
  expect(field).toBeInTheDocument();
  expect(field).toHaveValue('accounts@exa');
  expect(field).toHaveFocus();

  act(() => panel.host.send({ query: 'localeUpdate', response: 'fr-CA' }));
  expect(await within(sections()).findByRole('link', { name: 'Facturation' })).toBeInTheDocument();
  expect(pageLanguage()).toBe('fr-CA');

  // A language the panel does not speak reads in English.
  act(() => panel.host.send({ query: 'localeUpdate', response: 'pt-BR' }));
  expect(await within(sections()).findByRole('link', { name: 'Billing' })).toBeInTheDocument();
  expect(pageLanguage()).toBe('en-US');
  expect(field).toHaveValue('accounts@exa');
});

it('ignores a localeUpdate from another origin or another window, and one that is not a tag', async () => {
  const { panel } = openPanelAs('active', { path: '/support' });
  await screen.findByRole('heading', { name: 'Need some help?' });
  act(() => {
    panel.host.send({ query: 'localeUpdate', response: 'de' }, { origin: 'http://evil.test' });
    panel.host.send({ query: 'localeUpdate', response: 'de' }, { source: window });
    panel.host.send({ query: 'localeUpdate', response: 'de'.repeat(40) });
    panel.host.send({ query: 'localeUpdate', response: 7 });
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(within(sections()).getByRole('link', { name: 'Billing' })).toBeInTheDocument();
});
