/**
 * The sandbox card field (card-frame.html + card-frame.js) in a DOM, as its iframe runs it: formatting as the
 * customer types, the change events with the provider's messages, which messages it accepts, and sending the
 * card to the sandbox API when the page asks (fetch mocked).
 *
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:4001/sandbox/card-frame.html#origin=http%3A%2F%2F127.0.0.1%3A4001&id=sandbox-card-1"}
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const HTML = readFileSync(path.join(__dirname, 'card-frame.html'), 'utf8');
/** Runs the script's module afresh, as a page runs the script the server bundles from it (server/browser/bundle.ts). */
const runScript = () => jest.isolateModules(() => jest.requireActual('./card-frame.js'));
const PAGE_ORIGIN = 'http://127.0.0.1:4001';
const ID = 'sandbox-card-1';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

let toPage: jest.Mock;
let pageWindow: Window;
let fetchMock: jest.Mock;
let listeners: [string, EventListenerOrEventListenerObject][] = [];
const originalAdd = window.addEventListener;

/** Loads the frame's page and script, with a stand-in for the page's window as its parent. */
function loadFrame() {
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(HTML)![1]!;
  // The page around the frame: another window, whose postMessage the test records.
  const holder = document.createElement('iframe');
  document.body.appendChild(holder);
  pageWindow = holder.contentWindow!;
  toPage = jest.fn();
  Object.assign(pageWindow, { postMessage: toPage });
  Object.defineProperty(window, 'parent', { configurable: true, get: () => pageWindow });
  fetchMock = jest.fn();
  Object.assign(window, { fetch: fetchMock });
  window.addEventListener = ((
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) => {
    listeners.push([type, listener]);
    originalAdd.call(window, type, listener, options);
  }) as typeof window.addEventListener;
  runScript();
  window.addEventListener = originalAdd;
}

afterEach(() => {
  for (const [type, listener] of listeners) window.removeEventListener(type, listener);
  listeners = [];
});

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Types into a field as a browser does: the new value, then an input event. */
function type(name: string, text: string) {
  const field = input(name);
  field.focus();
  field.value += text;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}

function leave(name: string) {
  input(name).dispatchEvent(new FocusEvent('blur'));
}

function fromPage(data: object, origin = PAGE_ORIGIN, source: Window = pageWindow) {
  window.dispatchEvent(
    new MessageEvent('message', { data: { target: 'sandbox-card', id: ID, ...data }, origin, source }),
  );
}

/** What the frame posted to the page, of one type. */
function posted(kind: string) {
  return toPage.mock.calls
    .filter(([message]) => message.type === kind)
    .map(([message, targetOrigin]) => {
      expect(targetOrigin).toBe(PAGE_ORIGIN);
      return message;
    });
}

const lastChange = () => posted('change').at(-1)!.event;

function fillCard(number = '4242424242424242', expiry = `04${nextYear}`, cvc = '123', postal = '94107') {
  type('cardnumber', number);
  type('exp-date', expiry);
  type('cvc', cvc);
  type('postal', postal);
}

beforeEach(() => {
  loadFrame();
});

describe('the card field', () => {
  it('has the four inputs, named and labelled, and tells the page it is ready', () => {
    for (const [name, label] of [
      ['cardnumber', 'Card number'],
      ['exp-date', 'Expiration date'],
      ['cvc', 'CVC'],
      ['postal', 'ZIP'],
    ] as const) {
      expect(document.querySelector(`label[for="${input(name).id}"]`)!.textContent).toBe(label);
    }
    expect(posted('ready')).toEqual([{ type: 'ready', source: 'sandbox-card', id: ID, height: expect.any(Number) }]);
  });

  it('formats what is typed and reports brand, completeness and errors in the change event', () => {
    type('cardnumber', '4242424242424242');
    expect(input('cardnumber').value).toBe('4242 4242 4242 4242');
    expect(lastChange()).toMatchObject({
      elementType: 'card',
      empty: false,
      complete: false,
      brand: 'visa',
      error: undefined,
    });
    // A complete number moves on to the expiry, as the provider's field does.
    expect(document.activeElement).toBe(input('exp-date'));
    type('exp-date', `04${nextYear}`);
    expect(input('exp-date').value).toBe(`04 / ${nextYear}`);
    type('cvc', '123');
    type('postal', '94107');
    expect(lastChange()).toMatchObject({
      empty: false,
      complete: true,
      error: undefined,
      value: { postalCode: '94107' },
    });
  });

  it('formats an American Express number 4-6-5 and wants a four-digit CVC', () => {
    type('cardnumber', '378282246310005');
    expect(input('cardnumber').value).toBe('3782 822463 10005');
    expect(lastChange().brand).toBe('amex');
    type('exp-date', `04${nextYear}`);
    type('cvc', '123');
    leave('cvc');
    expect(lastChange().error).toMatchObject({
      code: 'incomplete_cvc',
      message: "Your card's security code is incomplete.",
    });
  });

  it('shows an invalid number at once, and an incomplete one once the field is left', () => {
    type('cardnumber', '4242424242424241');
    expect(lastChange().error).toEqual({
      type: 'validation_error',
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
    expect(input('cardnumber').getAttribute('aria-invalid')).toBe('true');

    loadFrame();
    type('cardnumber', '4242');
    expect(lastChange().error).toBeUndefined();
    leave('cardnumber');
    expect(lastChange().error).toMatchObject({ code: 'incomplete_number', message: 'Your card number is incomplete.' });
  });

  it.each([
    ['0420', 'invalid_expiry_year_past', "Your card's expiration year is in the past."],
    ['13', 'invalid_expiry_month', "Your card's expiration month is invalid."],
  ])('refuses the expiry %s: %s', (typed, code, message) => {
    type('exp-date', typed);
    expect(lastChange().error).toMatchObject({ code, message });
  });

  it('reads a lone digit above 1 as a month: 4 is 04', () => {
    type('exp-date', '4');
    expect(input('exp-date').value).toBe('04 / ');
  });

  it('follows the page: options, focus, clear', () => {
    fromPage({
      type: 'options',
      options: { hidePostalCode: true, style: { base: { fontSize: '18px', color: '#123456' } }, disabled: false },
    });
    expect(document.getElementById('postal-field')!.hidden).toBe(true);
    expect(document.body.style.fontSize).toBe('18px');
    fillCard('4242424242424242', `04${nextYear}`, '123', '');
    expect(lastChange().complete).toBe(true);
    fromPage({ type: 'clear' });
    expect(input('cardnumber').value).toBe('');
    expect(lastChange()).toMatchObject({ empty: true, complete: false });
    fromPage({ type: 'focus' });
    expect(document.activeElement).toBe(input('cardnumber'));
  });

  it("takes its colours from the group's appearance, the card element's style over it, and drops them when they go", () => {
    const root = document.documentElement;
    fromPage({
      type: 'options',
      options: {
        style: { base: { color: '#eeeeee', '::placeholder': { color: '#aaaaaa' } }, invalid: { color: '#ff8a80' } },
      },
      appearance: {
        theme: 'night',
        variables: { colorText: '#dddddd', colorPrimary: '#8ab4ff', colorBackground: '#1a1d21' },
      },
    });
    expect(root.dataset.theme).toBe('night');
    expect(root.style.getPropertyValue('--background')).toBe('#1a1d21');
    expect(root.style.getPropertyValue('--text')).toBe('#eeeeee');
    expect(root.style.getPropertyValue('--placeholder')).toBe('#aaaaaa');
    expect(root.style.getPropertyValue('--invalid')).toBe('#ff8a80');
    expect(root.style.getPropertyValue('--focus')).toBe('#8ab4ff');

    fromPage({ type: 'options', options: {}, appearance: { theme: 'stripe', variables: { colorText: '#15171a' } } });
    expect(root.dataset.theme).toBe('stripe');
    expect(root.style.getPropertyValue('--text')).toBe('#15171a');
    expect(root.style.getPropertyValue('--placeholder')).toBe('');
    expect(root.style.getPropertyValue('--background')).toBe('');
    expect(root.style.getPropertyValue('--focus')).toBe('');
  });

  it('ignores messages from another origin, another window or for another element', () => {
    for (const [origin, source, id] of [
      ['http://evil.example', pageWindow, ID],
      [PAGE_ORIGIN, window, ID],
      [PAGE_ORIGIN, pageWindow, 'sandbox-card-2'],
    ] as const) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { target: 'sandbox-card', id, type: 'options', options: { hidePostalCode: true } },
          origin,
          source,
        }),
      );
    }
    expect(document.getElementById('postal-field')!.hidden).toBe(false);
  });
});

describe('confirming', () => {
  it('sends the card to the sandbox API and answers the page with the result', async () => {
    fillCard();
    const answer = { setupIntent: { id: 'seti_1', status: 'succeeded' } };
    fetchMock.mockResolvedValueOnce({ status: 200, json: async () => answer });
    fromPage({
      type: 'request',
      requestId: 'request-1',
      action: 'confirm-setup',
      payload: { key: 'pk_test_sandbox', clientSecret: 'seti_1_secret_x', billingDetails: { name: 'Alex' } },
    });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/sandbox/api/confirm-setup-intent');
    expect(JSON.parse(init.body)).toEqual({
      key: 'pk_test_sandbox',
      clientSecret: 'seti_1_secret_x',
      card: {
        number: '4242424242424242',
        exp_month: 4,
        exp_year: 2000 + Number(nextYear),
        cvc: '123',
        postal_code: '94107',
      },
      billingDetails: { name: 'Alex' },
    });
    expect(posted('result')).toEqual([
      { type: 'result', source: 'sandbox-card', id: ID, requestId: 'request-1', status: 200, body: answer },
    ]);
  });

  it('answers an incomplete card with a validation error without sending anything', async () => {
    type('cardnumber', '4242424242424242');
    fromPage({
      type: 'request',
      requestId: 'request-2',
      action: 'confirm-payment',
      payload: { key: 'pk_test_sandbox', clientSecret: 'pi_1_secret_x' },
    });
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(posted('result')[0]).toMatchObject({
      requestId: 'request-2',
      status: 400,
      body: {
        error: {
          type: 'validation_error',
          code: 'incomplete_expiry',
          message: "Your card's expiration date is incomplete.",
        },
      },
    });
    expect(lastChange().error).toMatchObject({ code: 'incomplete_expiry' });
  });

  it('answers a failed request as a connection error', async () => {
    fillCard();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fromPage({
      type: 'request',
      requestId: 'request-3',
      action: 'payment-method',
      payload: { key: 'pk_test_sandbox' },
    });
    await flush();
    expect(fetchMock.mock.calls[0]![0]).toBe('/sandbox/api/payment-methods');
    expect(posted('result')[0]).toMatchObject({ status: 0, body: { error: { type: 'api_connection_error' } } });
  });
});
