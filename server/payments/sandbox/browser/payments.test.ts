/**
 * The sandbox card provider script (payments.js) in a DOM: the Stripe.js-shaped object react-stripe-js expects,
 * the card element and its iframe, the messages with the frame (and their origin and source checks), and the
 * confirm round trips: success, decline, the authentication challenge's two outcomes, saved payment methods.
 * The frame is played by the test (its own script has card-frame.test.ts); the sandbox API by a mocked fetch.
 *
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:4001/"}
 */

/** Runs the script's module afresh, as a page runs the script the server bundles from it (server/browser/bundle.ts). */
const runScript = () => jest.isolateModules(() => jest.requireActual('./payments.js'));
const ORIGIN = 'http://127.0.0.1:4001';
const KEY = 'pk_test_sandbox';
const SECRET = 'seti_123_secret_abc';
const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/* The parts of the sandbox's objects these tests touch. */
interface SandboxElement {
  id: string;
  mount(target: string | HTMLElement): void;
  unmount(): void;
  destroy(): void;
  on(event: string, handler: (payload: unknown) => void): SandboxElement;
  off(event: string, handler?: (payload: unknown) => void): SandboxElement;
  once(event: string, handler: (payload: unknown) => void): SandboxElement;
  update(options: object): void;
  focus(): void;
  clear(): void;
}
interface SandboxElements {
  create(type: string, options?: object): SandboxElement;
  getElement(type: string): SandboxElement | null;
  update(options: object): void;
}
type Answer = Record<string, unknown>;
interface SandboxStripe {
  elements(options?: object): SandboxElements;
  createToken(element: unknown): Promise<Answer>;
  createPaymentMethod(data: object): Promise<Answer>;
  confirmCardSetup(secret: string, data?: object): Promise<Answer>;
  confirmCardPayment(secret: string, data?: object): Promise<Answer>;
  handleCardAction(secret: string): Promise<Answer>;
  retrievePaymentIntent(secret: string): Promise<Answer>;
  registerAppInfo(info: object): void;
  _registerWrapper(wrapper: object): void;
}
type StripeFactory = ((key: string) => SandboxStripe) & { sandbox: boolean };

const win = window as unknown as { Stripe?: StripeFactory; fetch: jest.Mock };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let fetchMock: jest.Mock;

function jsonResponse(status: number, body: unknown) {
  return Promise.resolve({ status, json: async () => body });
}

beforeAll(() => {
  runScript();
});

beforeEach(() => {
  document.body.innerHTML = '<div id="card"></div>';
  fetchMock = jest.fn();
  win.fetch = fetchMock;
});

interface Mounted {
  element: SandboxElement;
  frame: HTMLIFrameElement;
  /** what the script posted to the frame */
  toFrame: jest.Mock;
  /** a message from the frame, as its window at the sandbox's origin sends it */
  fromFrame(data: object, overrides?: { origin?: string; source?: MessageEventSource | null }): void;
}

function mountCard(stripe: SandboxStripe = win.Stripe!(KEY), options: object = { hidePostalCode: false }): Mounted {
  const element = stripe.elements().create('card', options);
  element.mount('#card');
  const frame = document.querySelector<HTMLIFrameElement>('#card iframe')!;
  const toFrame = jest.fn();
  Object.assign(frame.contentWindow!, { postMessage: toFrame });
  const fromFrame: Mounted['fromFrame'] = (data, overrides = {}) => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'sandbox-card', id: element.id, ...data },
        origin: overrides.origin ?? ORIGIN,
        source: overrides.source === undefined ? frame.contentWindow : overrides.source,
      }),
    );
  };
  return { element, frame, toFrame, fromFrame };
}

/** The frame's side of a request: the last 'request' message the script posted, answered with `status`/`body`. */
function answerRequest(mounted: Mounted, status: number, body: unknown) {
  const request = mounted.toFrame.mock.calls
    .map(([message]) => message)
    .filter((message) => message.type === 'request')
    .at(-1);
  expect(request).toBeDefined();
  mounted.fromFrame({ type: 'result', requestId: request.requestId, status, body });
  return request;
}

function readyFrame(mounted: Mounted) {
  mounted.fromFrame({ type: 'ready', height: 40 });
}

describe('window.Stripe', () => {
  it('makes an object react-stripe-js accepts, with or without new', () => {
    const stripe = win.Stripe!(KEY);
    for (const name of [
      'elements',
      'createToken',
      'createPaymentMethod',
      'confirmCardPayment',
      'confirmCardSetup',
      'handleCardAction',
      'retrievePaymentIntent',
      'registerAppInfo',
      '_registerWrapper',
    ]) {
      expect(typeof (stripe as unknown as Record<string, unknown>)[name]).toBe('function');
    }
    expect(() => stripe._registerWrapper({ name: 'react-stripe-js', version: '7.0.1' })).not.toThrow();
    expect(() => stripe.registerAppInfo({ name: 'react-stripe-js' })).not.toThrow();
    expect(win.Stripe!.sandbox).toBe(true);
    expect(() => win.Stripe!('')).toThrow(/publishable key/);
  });

  it('loads once: a second copy of the script leaves the first in place', () => {
    const first = win.Stripe;
    runScript();
    expect(win.Stripe).toBe(first);
  });
});

describe('elements and the card element', () => {
  it('creates one card element per group, found again with getElement; destroying it frees the place', () => {
    const elements = win.Stripe!(KEY).elements();
    const card = elements.create('card');
    expect(elements.getElement('card')).toBe(card);
    expect(() => elements.create('card')).toThrow('Can only create one Element of type card.');
    expect(() => elements.create('payment')).toThrow(/card Element only/);
    card.destroy();
    expect(elements.getElement('card')).toBeNull();
    expect(elements.create('card')).not.toBe(card);
    expect(() => elements.update({ locale: 'en' })).not.toThrow();
  });

  it('mounts its own iframe from the sandbox, telling it the page origin and the element id', () => {
    const { element, frame } = mountCard();
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe(`${ORIGIN}/sandbox/card-frame.html`);
    const hash = new URLSearchParams(src.hash.slice(1));
    expect(hash.get('origin')).toBe(ORIGIN);
    expect(hash.get('id')).toBe(element.id);
    expect(frame.title).toBe('Secure card payment input frame');
    expect(() => element.mount('#nowhere')).toThrow(/applies to no DOM elements/);
    element.unmount();
    expect(document.querySelector('#card iframe')).toBeNull();
    element.mount(document.getElementById('card')!);
    expect(document.querySelectorAll('#card iframe')).toHaveLength(1);
    element.destroy();
    expect(() => element.mount('#card')).toThrow(/destroyed/);
  });

  it("sends its options once the frame is ready, and relays the frame's events", () => {
    const mounted = mountCard(undefined, { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
    const ready = jest.fn();
    const change = jest.fn();
    const focus = jest.fn();
    mounted.element.on('ready', ready).on('change', change).on('focus', focus);
    mounted.element.update({ disabled: true });
    expect(mounted.toFrame).not.toHaveBeenCalled();

    readyFrame(mounted);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(mounted.frame.style.height).toBe('40px');
    expect(mounted.toFrame).toHaveBeenCalledWith(
      {
        target: 'sandbox-card',
        id: mounted.element.id,
        type: 'options',
        options: { hidePostalCode: true, style: { base: { fontSize: '16px' } }, disabled: true },
      },
      ORIGIN,
    );

    const event = {
      elementType: 'card',
      empty: false,
      complete: false,
      brand: 'visa',
      error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' },
    };
    mounted.fromFrame({ type: 'change', event });
    expect(change).toHaveBeenCalledWith(event);
    mounted.fromFrame({ type: 'focus' });
    expect(focus).toHaveBeenCalledWith({ elementType: 'card' });
    mounted.fromFrame({ type: 'resize', height: 55 });
    expect(mounted.frame.style.height).toBe('55px');

    mounted.element.off('change', change);
    mounted.fromFrame({ type: 'change', event });
    expect(change).toHaveBeenCalledTimes(1);
    const once = jest.fn();
    mounted.element.once('blur', once);
    mounted.fromFrame({ type: 'blur' });
    mounted.fromFrame({ type: 'blur' });
    expect(once).toHaveBeenCalledTimes(1);
  });

  it("sends its group's appearance with its options, and again when the group's appearance changes", () => {
    const elements = win.Stripe!(KEY).elements({
      appearance: { theme: 'stripe', variables: { colorText: '#15171a' } },
    });
    const element = elements.create('card', { hidePostalCode: false });
    element.mount('#card');
    const frame = document.querySelector<HTMLIFrameElement>('#card iframe')!;
    const toFrame = jest.fn();
    Object.assign(frame.contentWindow!, { postMessage: toFrame });
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'sandbox-card', id: element.id, type: 'ready' },
        origin: ORIGIN,
        source: frame.contentWindow,
      }),
    );
    expect(toFrame).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'options',
        options: { hidePostalCode: false },
        appearance: { theme: 'stripe', variables: { colorText: '#15171a' } },
      }),
      ORIGIN,
    );

    elements.update({ appearance: { theme: 'night', variables: { colorText: '#e8eaed' } } });
    expect(toFrame).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 'options',
        options: { hidePostalCode: false },
        appearance: { theme: 'night', variables: { colorText: '#e8eaed' } },
      }),
      ORIGIN,
    );
    element.destroy();
  });

  it('ignores messages from another origin or another window', () => {
    const mounted = mountCard();
    const ready = jest.fn();
    mounted.element.on('ready', ready);
    mounted.fromFrame({ type: 'ready' }, { origin: 'http://evil.example' });
    mounted.fromFrame({ type: 'ready' }, { source: window });
    expect(ready).not.toHaveBeenCalled();
    readyFrame(mounted);
    expect(ready).toHaveBeenCalledTimes(1);
  });
});

describe('confirmCardSetup', () => {
  it('round trip: the frame sends the card and the script answers {setupIntent}', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardSetup(SECRET, {
      payment_method: { card: mounted.element, billing_details: { name: 'Alex Morgan' } },
    });
    const request = answerRequest(mounted, 200, {
      setupIntent: { id: 'seti_123', status: 'succeeded', payment_method: 'pm_1' },
    });
    expect(request).toMatchObject({
      action: 'confirm-setup',
      payload: { key: KEY, clientSecret: SECRET, billingDetails: { name: 'Alex Morgan' } },
    });
    await expect(result).resolves.toEqual({
      setupIntent: { id: 'seti_123', status: 'succeeded', payment_method: 'pm_1' },
    });
    // The card never passed through this page: no request of its own.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('waits for the frame to be ready before asking it', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    const result = stripe.confirmCardSetup(SECRET, { payment_method: { card: mounted.element } });
    expect(mounted.toFrame).not.toHaveBeenCalled();
    readyFrame(mounted);
    answerRequest(mounted, 200, { setupIntent: { id: 'seti_123', status: 'succeeded' } });
    await expect(result).resolves.toMatchObject({ setupIntent: { status: 'succeeded' } });
  });

  it("answers a decline as {error}, in the provider's words", async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardSetup(SECRET, { payment_method: { card: mounted.element } });
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    };
    answerRequest(mounted, 402, { error });
    await expect(result).resolves.toEqual({ error });
  });

  it.each([
    [
      'Complete authentication',
      'complete',
      200,
      { setupIntent: { id: 'seti_123', status: 'succeeded' } },
      { setupIntent: { id: 'seti_123', status: 'succeeded' } },
    ],
    [
      'Fail authentication',
      'fail',
      402,
      { error: { type: 'card_error', code: 'setup_intent_authentication_failure', message: AUTH_FAILED } },
      { error: { type: 'card_error', code: 'setup_intent_authentication_failure', message: AUTH_FAILED } },
    ],
  ])('shows the challenge when the bank asks; "%s" settles it', async (button, outcome, status, apiBody, expected) => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardSetup(SECRET, { payment_method: { card: mounted.element } });
    answerRequest(mounted, 200, {
      setupIntent: {
        id: 'seti_123',
        status: 'requires_action',
        client_secret: SECRET,
        next_action: { type: 'use_stripe_sdk' },
      },
    });
    await flush();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Confirm your card');
    const buttons = [...dialog.querySelectorAll('button')];
    expect(buttons.map((candidate) => candidate.textContent)).toEqual([
      'Complete authentication',
      'Fail authentication',
    ]);
    expect(document.activeElement).toBe(buttons[0]);

    fetchMock.mockReturnValueOnce(jsonResponse(status, apiBody));
    buttons.find((candidate) => candidate.textContent === button)!.click();
    await expect(result).resolves.toEqual(expected);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/sandbox/api/authenticate`);
    expect(JSON.parse(init.body)).toEqual({ key: KEY, clientSecret: SECRET, outcome });
  });

  it('fails the challenge on Escape', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardSetup(SECRET, { payment_method: { card: mounted.element } });
    answerRequest(mounted, 200, { setupIntent: { id: 'seti_123', status: 'requires_action', client_secret: SECRET } });
    await flush();
    fetchMock.mockReturnValueOnce(
      jsonResponse(402, {
        error: { type: 'card_error', code: 'setup_intent_authentication_failure', message: AUTH_FAILED },
      }),
    );
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(result).resolves.toMatchObject({ error: { code: 'setup_intent_authentication_failure' } });
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).outcome).toBe('fail');
  });

  it('refuses a malformed client secret and a missing card element', async () => {
    const stripe = win.Stripe!(KEY);
    expect(() => stripe.confirmCardSetup('nonsense', {})).toThrow(/clientSecret/);
    await expect(stripe.confirmCardSetup(SECRET, {})).resolves.toMatchObject({
      error: { type: 'invalid_request_error' },
    });
  });

  it('answers a removed card field as an error rather than waiting forever', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardSetup(SECRET, { payment_method: { card: mounted.element } });
    mounted.element.destroy();
    await expect(result).resolves.toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('payments with saved cards, retrieval, payment methods', () => {
  const PI_SECRET = 'pi_1_secret_x';

  it('confirmCardPayment with a saved payment method asks the sandbox API directly', async () => {
    const stripe = win.Stripe!(KEY);
    fetchMock.mockReturnValueOnce(jsonResponse(200, { paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    await expect(stripe.confirmCardPayment(PI_SECRET, { payment_method: 'pm_saved' })).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/sandbox/api/confirm-payment-intent`);
    expect(JSON.parse(init.body)).toEqual({ key: KEY, clientSecret: PI_SECRET, paymentMethod: 'pm_saved' });
  });

  it('confirmCardPayment with the card element goes through the frame, challenge included', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const result = stripe.confirmCardPayment(PI_SECRET, {
      payment_method: { card: mounted.element, billing_details: { name: 'A' } },
    });
    expect(
      answerRequest(mounted, 200, {
        paymentIntent: { id: 'pi_1', status: 'requires_action', client_secret: PI_SECRET, amount: 36000 },
      }).action,
    ).toBe('confirm-payment');
    await flush();
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('a payment of $360.00');
    fetchMock.mockReturnValueOnce(jsonResponse(200, { paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    [...document.querySelectorAll('button')]
      .find((button) => button.textContent === 'Complete authentication')!
      .click();
    await expect(result).resolves.toEqual({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
  });

  it('handleCardAction and retrievePaymentIntent read the intent', async () => {
    const stripe = win.Stripe!(KEY);
    fetchMock.mockReturnValue(jsonResponse(200, { paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    await expect(stripe.handleCardAction(PI_SECRET)).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    await expect(stripe.retrievePaymentIntent(PI_SECRET)).resolves.toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `${ORIGIN}/sandbox/api/retrieve-intent`,
      `${ORIGIN}/sandbox/api/retrieve-intent`,
    ]);
  });

  it('answers a network failure as a connection error', async () => {
    fetchMock.mockReturnValueOnce(Promise.reject(new TypeError('Failed to fetch')));
    await expect(win.Stripe!(KEY).retrievePaymentIntent(PI_SECRET)).resolves.toMatchObject({
      error: { type: 'api_connection_error' },
    });
  });

  it('createPaymentMethod and createToken go through the frame', async () => {
    const stripe = win.Stripe!(KEY);
    const mounted = mountCard(stripe);
    readyFrame(mounted);
    const method = stripe.createPaymentMethod({ type: 'card', card: mounted.element, billing_details: { name: 'A' } });
    expect(answerRequest(mounted, 200, { paymentMethod: { id: 'pm_9' } }).action).toBe('payment-method');
    await expect(method).resolves.toEqual({ paymentMethod: { id: 'pm_9' } });
    const token = stripe.createToken(mounted.element);
    expect(answerRequest(mounted, 200, { token: { id: 'tok_9' } }).action).toBe('token');
    await expect(token).resolves.toEqual({ token: { id: 'tok_9' } });
  });
});
