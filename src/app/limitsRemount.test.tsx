/**
 * SPEC 2 "The app refreshes the route view when the site limits change", SPEC 4 "Sending domain" (last rule):
 * a changed limits hash remounts the routed screen; a re-reading with no limits cached before, or that fails,
 * reloads the page.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerAccountInfo } from '../test/handlers/domain';
import { openPanelAs } from '../test/openPanel';
import { apiError, json, onCall } from '../test/server';
import { fakePageNavigation } from '../test/testPanel';

async function openWithTypedDomain() {
  const user = userEvent.setup();
  const navigation = fakePageNavigation();
  const opened = openPanelAs('active', { path: '/domain/custom', pageNavigation: navigation });
  answerAccountInfo(opened);
  const field = await screen.findByRole('textbox', { name: 'Enter the domain you want to use' });
  await user.type(field, 'example.com');
  await waitFor(() => expect(opened.limitCalls).toHaveLength(1));
  const limitUpdate = () => act(() => opened.panel.host.send({ query: 'limitUpdate' }));
  return { opened, navigation, limitUpdate };
}

const domainField = () => screen.findByRole('textbox', { name: 'Enter the domain you want to use' });

it('remounts the screen when the limits hash changes', async () => {
  const { opened, navigation, limitUpdate } = await openWithTypedDomain();
  opened.data = {
    ...opened.data,
    currentSiteLimits: {
      ...opened.data.currentSiteLimits,
      members: { total: 999, limit: 1000, exceeded: false, members_override: null },
    },
  };
  limitUpdate();
  await waitFor(() => expect(opened.limitCalls).toHaveLength(2));
  await waitFor(async () => expect(await domainField()).toHaveValue(''));
  expect(navigation.reload).not.toHaveBeenCalled();
});

it('keeps the screen when the limits are the same', async () => {
  const { opened, navigation, limitUpdate } = await openWithTypedDomain();
  limitUpdate();
  await waitFor(() => expect(opened.limitCalls).toHaveLength(2));
  expect(await domainField()).toHaveValue('example.com');
  expect(navigation.reload).not.toHaveBeenCalled();
});

it('reloads the page when re-reading the limits fails', async () => {
  const { navigation, limitUpdate } = await openWithTypedDomain();
  const rereads = onCall('get-current-site-limits', () => apiError(400, 'bad'));
  limitUpdate();
  await waitFor(() => expect(rereads).toHaveLength(1));
  await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
});

it('reloads the page when there were no limits to compare with', async () => {
  const navigation = fakePageNavigation();
  const opened = openPanelAs('active', { path: '/support', pageNavigation: navigation });
  const failures = onCall('get-current-site-limits', () => apiError(400, 'bad'));
  await screen.findByRole('heading', { name: 'Need some help?' });
  await waitFor(() => expect(failures).toHaveLength(1));
  expect(navigation.reload).not.toHaveBeenCalled();
  const answers = onCall('get-current-site-limits', () => json({ currentSiteLimits: opened.data.currentSiteLimits }));
  act(() => opened.panel.host.send({ query: 'limitUpdate' }));
  await waitFor(() => expect(answers).toHaveLength(1));
  await waitFor(() => expect(navigation.reload).toHaveBeenCalledTimes(1));
});
