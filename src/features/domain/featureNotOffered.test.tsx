/**
 * A platform that does not offer custom domains or custom sending domains (CUSTOM_DOMAINS_ENABLED,
 * SENDING_DOMAINS_ENABLED off, issue 47): the overview's boxes say so instead of offering a setup, and the setup
 * screens say so instead of their steps, calling none of the feature's calls (any call the test did not answer
 * fails it).
 */
import { screen, within } from '@testing-library/react';
import { answerAccountInfo } from '../../test/handlers/domain';
import { openPanelAs } from '../../test/openPanel';

const FEATURES_OFF = { customDomainsEnabled: false, sendingDomainsEnabled: false };
const box = async (name: string) => within(await screen.findByRole('region', { name }));

describe('domain features the platform does not offer', () => {
  it('the overview says each is not offered, with nothing to set up', async () => {
    const opened = openPanelAs('active', { path: '/domain', config: FEATURES_OFF });
    answerAccountInfo(opened);
    const custom = await box('Custom domain');
    expect(custom.getByText('Inkwell does not offer custom domains.')).toBeInTheDocument();
    expect(custom.queryByRole('link')).not.toBeInTheDocument();
    const sending = await box('Custom sending domain');
    expect(sending.getByText('Inkwell does not offer custom sending domains.')).toBeInTheDocument();
    expect(sending.queryByRole('button')).not.toBeInTheDocument();
    // The platform subdomain is the platform's own: still there.
    expect(await box('Platform subdomain')).toBeTruthy();
  });

  it("names the platform by its configured name, and keeps a site's own domain out of sight", async () => {
    const opened = openPanelAs('domain-live', { path: '/domain', config: { ...FEATURES_OFF, platformName: 'Quill' } });
    answerAccountInfo(opened);
    const custom = await box('Custom domain');
    expect(custom.getByText('Quill does not offer custom domains.')).toBeInTheDocument();
    expect(custom.queryByRole('link', { name: 'Edit custom domain' })).not.toBeInTheDocument();
  });

  it.each([
    ['/domain/custom', 'Domain settings', 'Inkwell does not offer custom domains.'],
    ['/domain/sending', 'Custom sending domain settings', 'Inkwell does not offer custom sending domains.'],
  ])('%s says it is not offered instead of its setup, with the way back', async (path, title, sentence) => {
    openPanelAs('active', { path, config: FEATURES_OFF });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/domain');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
  });

  it('still offers the custom domain when only sending domains are off', async () => {
    const opened = openPanelAs('active', { path: '/domain', config: { sendingDomainsEnabled: false } });
    answerAccountInfo(opened);
    const custom = await box('Custom domain');
    expect(custom.getByRole('link', { name: 'Setup existing domain' })).toHaveAttribute('href', '/domain/custom');
    expect(
      (await box('Custom sending domain')).getByText('Inkwell does not offer custom sending domains.'),
    ).toBeInTheDocument();
  });
});
