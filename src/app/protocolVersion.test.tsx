/**
 * The protocol version handshake on the panel's side (docs/host-protocol.md, "Versions"): a host that names another
 * version gets its owner an alert in the error style and a report, and the panel keeps working; a host that names
 * the panel's version, or none (one built before versions were told), gets no alert.
 */
import { act, screen } from '@testing-library/react';
import { openPanelAs } from '../test/openPanel';

const MISMATCH =
  'The billing panel (protocol version 1) does not match this admin page (protocol version 2). Refresh the page and try again or contact support';

afterEach(() => {
  document.documentElement.lang = 'en';
});

async function openSupport() {
  const opened = openPanelAs('active', { path: '/support' });
  await screen.findByRole('heading', { name: 'Need some help?' });
  return opened.panel;
}

it('alerts the owner when the host names another version, reports it, and keeps the screen working', async () => {
  const panel = await openSupport();
  act(() => panel.host.send({ query: 'protocolVersion', response: 2 }));

  expect(await screen.findByRole('alert')).toHaveTextContent(MISMATCH);
  expect(panel.reporter.shownToUser).toHaveBeenCalledWith(MISMATCH, {
    hostProtocolVersion: '2',
    panelProtocolVersion: 1,
  });
  expect(screen.getByRole('heading', { name: 'Need some help?' })).toBeInTheDocument();
  act(() => panel.host.send({ query: 'themeUpdate', response: 'dark' }));
  expect(document.documentElement.dataset.theme).toBe('dark');
});

it("says it in the owner's language", async () => {
  const panel = await openSupport();
  act(() => {
    panel.host.send({ query: 'protocolVersion', response: 2 });
    panel.host.send({ query: 'localeUpdate', response: 'de' });
  });
  const german =
    'Der Abrechnungsbereich (Protokollversion 1) passt nicht zu dieser Admin-Seite (Protokollversion 2). Laden Sie die Seite neu und versuchen Sie es erneut, oder wenden Sie sich an den Support';
  // The German catalog loads on its own time: the alert reads in English until it is in.
  expect(await screen.findByText(german)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(german);
});

it.each([
  ['names the panel’s version', [{ query: 'protocolVersion', response: 1 }]],
  ['names none', []],
  [
    'sends a version that is not a whole number',
    [
      { query: 'protocolVersion', response: { version: 2 } },
      { query: 'protocolVersion', response: '2'.repeat(500) },
    ],
  ],
])('says nothing when the host %s', async (_case, messages) => {
  const panel = await openSupport();
  act(() => messages.forEach((message) => panel.host.send(message)));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(panel.reporter.shownToUser).not.toHaveBeenCalledWith(
    expect.stringContaining('protocol version'),
    expect.anything(),
  );
});
