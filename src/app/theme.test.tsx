/**
 * The panel's colour scheme: the browser's prefers-color-scheme until the host says one with themeUpdate
 * (docs/host-protocol.md), then the host's, on <html> as data-theme, switched in place without a remount.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openPanelAs } from '../test/openPanel';

/** jsdom has no matchMedia: a stand-in whose dark-scheme preference the test can change, telling listeners. */
function preferDarkScheme(initially: boolean) {
  let dark = initially;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return query === '(prefers-color-scheme: dark)' && dark;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    change(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

const pageTheme = () => document.documentElement.dataset.theme;

afterEach(() => {
  delete (window as Partial<Window>).matchMedia;
  delete document.documentElement.dataset.theme;
});

it("follows the browser's prefers-color-scheme, and its changes, before the host says a theme", async () => {
  const preference = preferDarkScheme(true);
  openPanelAs('active', { path: '/support' });
  await screen.findByRole('heading', { name: 'Need some help?' });
  expect(pageTheme()).toBe('dark');
  preference.change(false);
  expect(pageTheme()).toBe('light');
});

it("switches at once to the host's theme, keeping the open modal and what was typed in it", async () => {
  const user = userEvent.setup();
  const preference = preferDarkScheme(false);
  const { panel } = openPanelAs('active');
  const payment = within(await screen.findByRole('region', { name: 'Payment information' }));
  await user.click(payment.getByRole('button', { name: 'Edit billing contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update billing contact' });
  const field = within(dialog).getByRole('textbox', { name: 'Billing contact email' });
  await user.clear(field);
  await user.type(field, 'accounts@exa');

  act(() => panel.host.send({ query: 'themeUpdate', response: 'dark' }));
  expect(pageTheme()).toBe('dark');
  expect(screen.getByRole('dialog', { name: 'Update billing contact' })).toBe(dialog);
  expect(within(dialog).getByRole('textbox', { name: 'Billing contact email' })).toBe(field);
  expect(field).toHaveValue('accounts@exa');
  expect(field).toHaveFocus();

  act(() => panel.host.send({ query: 'themeUpdate', response: 'light' }));
  expect(pageTheme()).toBe('light');
  // The host has spoken: the browser's preference no longer moves the panel.
  preference.change(true);
  expect(pageTheme()).toBe('light');
});

it('ignores a themeUpdate from another origin or another window, and an unknown theme', async () => {
  preferDarkScheme(false);
  const { panel } = openPanelAs('active', { path: '/support' });
  await screen.findByRole('heading', { name: 'Need some help?' });
  act(() => {
    panel.host.send({ query: 'themeUpdate', response: 'dark' }, { origin: 'http://evil.test' });
    panel.host.send({ query: 'themeUpdate', response: 'dark' }, { source: window });
    panel.host.send({ query: 'themeUpdate', response: 'sepia' });
  });
  expect(pageTheme()).toBe('light');
});

it('is light where the browser cannot say a preference', async () => {
  openPanelAs('active', { path: '/support' });
  await screen.findByRole('heading', { name: 'Need some help?' });
  expect(pageTheme()).toBe('light');
});
