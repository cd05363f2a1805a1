import { inEnglish } from '../../api/errors';
import { PAYMENT_SCRIPT_RETRY_DELAYS_MS } from '../../../core/rules/constants';
import { PAYMENT_SCRIPT_MESSAGES, PaymentScriptError, loadPaymentScript, paymentScriptWarning } from './paymentScript';
import type { ScriptEnvironment } from './paymentScript';

const URL = 'https://payments.test/v3/';

/** A page whose script loads succeed or fail as each test says, after a chosen number of milliseconds. */
function fakePage(outcomes: Array<{ result: 'load' | 'error'; afterMs: number }>) {
  let clock = 0;
  let defined = false;
  const sleeps: number[] = [];
  const env: ScriptEnvironment = {
    document,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    loaded: () => defined,
  };
  const observer = new MutationObserver(() => {
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${URL}"]`);
    if (!script || script.dataset.seen) return;
    script.dataset.seen = 'yes';
    const outcome = outcomes.shift() ?? { result: 'error', afterMs: 1000 };
    clock += outcome.afterMs;
    if (outcome.result === 'load') {
      defined = true;
      script.dispatchEvent(new Event('load'));
    } else {
      script.dispatchEvent(new Event('error'));
    }
  });
  observer.observe(document.head, { childList: true });
  return { env, sleeps, stop: () => observer.disconnect() };
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

it('loads the script once when it arrives', async () => {
  const page = fakePage([{ result: 'load', afterMs: 120 }]);
  await expect(loadPaymentScript(URL, page.env)).resolves.toBeUndefined();
  expect(page.sleeps).toEqual([]);
  page.stop();
});

it('retries 3 times after a failure, waiting 1 s, 2 s then 4 s', async () => {
  const page = fakePage([
    { result: 'error', afterMs: 900 },
    { result: 'error', afterMs: 900 },
    { result: 'error', afterMs: 900 },
    { result: 'load', afterMs: 300 },
  ]);
  await loadPaymentScript(URL, page.env);
  expect(page.sleeps).toEqual([1000, 2000, 4000]);
  expect(PAYMENT_SCRIPT_RETRY_DELAYS_MS).toEqual([1000, 2000, 4000]);
  page.stop();
});

it('takes a load that fails within 50 ms for an ad blocker', async () => {
  const page = fakePage(Array.from({ length: 4 }, () => ({ result: 'error' as const, afterMs: 10 })));
  const failure = loadPaymentScript(URL, page.env);
  await expect(failure).rejects.toEqual(new PaymentScriptError('adBlocker'));
  const warning = paymentScriptWarning('adBlocker');
  expect({ label: inEnglish(warning.label), message: inEnglish(warning.message) }).toEqual({
    label: 'Ad blocker detected',
    message: 'Stripe payment processing is blocked by your ad blocker. Disable it for this site and try again.',
  });
  page.stop();
});

it('calls a slower failure a connection error', async () => {
  const page = fakePage(Array.from({ length: 4 }, () => ({ result: 'error' as const, afterMs: 800 })));
  await expect(loadPaymentScript(URL, page.env)).rejects.toMatchObject({ kind: 'network' });
  expect(paymentScriptWarning('network')).toBe(PAYMENT_SCRIPT_MESSAGES.connection);
  expect(inEnglish(PAYMENT_SCRIPT_MESSAGES.connection.label)).toBe('Connection error');
  expect(inEnglish(PAYMENT_SCRIPT_MESSAGES.connection.message)).toBe(
    'Failed to load Stripe payment processor. Check your internet connection and try again.',
  );
  page.stop();
});

it('does not load twice once the provider is on the page', async () => {
  const page = fakePage([{ result: 'load', afterMs: 100 }]);
  await loadPaymentScript(URL, page.env);
  await loadPaymentScript(URL, page.env);
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
  page.stop();
});
