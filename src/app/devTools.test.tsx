/**
 * Redux DevTools (docs/debugging.md) record what the store does; the owner's session token, the card provider's
 * client secret and the owner's e-mail address never reach them, through an action or through the state.
 */
import { devToolsRecording } from '../test/fakeDevTools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultConfig } from '../config';
import { answerPaymentScript, createFakeStripe, forgetPaymentScript } from '../test/fakeStripe';
import { answerPaymentMethod } from '../test/handlers/checkout';
import { answerPaymentIntent, paidGraceData } from '../test/handlers/gracePayment';
import { openPanelAs } from '../test/openPanel';

const SESSION_TOKEN = 'session-1';
const CLIENT_SECRET = 'pi_grace_secret_devtools';

it('records a session start and a card payment with no token, client secret, e-mail address or card detail', async () => {
  const fake = createFakeStripe();
  const script = answerPaymentScript(defaultConfig.paymentScriptUrl, fake, ['load']);
  try {
    const dashboard = openPanelAs('grace', { paymentScript: script.environment });
    const plan = within(await screen.findByRole('region', { name: 'Plan details' }));
    await waitFor(() => expect(fake.constructor).toHaveBeenCalled());
    answerPaymentIntent('pi_grace', CLIENT_SECRET);
    answerPaymentMethod('pm_card');
    const { email_address: ownerEmail, cardLast4 } = dashboard.data.user;
    dashboard.data = paidGraceData(dashboard.data);
    await userEvent.click(plan.getByRole('button', { name: 'Pay open invoice' }));
    expect(await screen.findByRole('button', { name: 'Payment complete!' })).toBeInTheDocument();
    expect(fake.stripe.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, { payment_method: 'pm_card' });

    const recorded = JSON.stringify(devToolsRecording);
    // The DevTools did see the session start and the payment, sanitized: the filter left their shape.
    expect(recorded).toContain('session/');
    expect(recorded).toContain('createPaymentIntent');
    expect(recorded).not.toContain(SESSION_TOKEN);
    expect(recorded).not.toContain(CLIENT_SECRET);
    expect(recorded).not.toContain(ownerEmail);
    expect(cardLast4).toMatch(/^\d{4}$/);
    expect(recorded).not.toMatch(new RegExp(`"\\w*last4"\\s*:\\s*"${cardLast4}"`, 'i'));
  } finally {
    forgetPaymentScript(script);
  }
});
