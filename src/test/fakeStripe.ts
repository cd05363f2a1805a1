/**
 * Test helper (not a test): a stand-in for the card provider's browser script. It answers the loader's
 * <script> as a test says (load, or fail fast like an ad blocker, or slowly like a broken connection) and, on
 * load, defines `window.Stripe` with the subset of Stripe.js the panel uses. Its card element mounts a plain
 * input where the real one mounts its iframe.
 */
import type { StripeConstructor } from '@stripe/stripe-js';
import { browserScriptEnvironment, forgetPaymentProviders } from '../features/payments/paymentProvider';
import type { ScriptEnvironment } from '../features/payments/paymentScript';

type Handler = (payload: unknown) => void;

export function createFakeStripe() {
  const handlers = new Map<string, Set<Handler>>();
  const mounted: HTMLElement[] = [];
  const element = {
    mount: jest.fn((target: HTMLElement | string) => {
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      const input = document.createElement('input');
      input.name = 'cardnumber';
      input.setAttribute('aria-label', 'Card number');
      node?.append(input);
      mounted.push(input);
    }),
    unmount: jest.fn(() => mounted.splice(0).forEach((input) => input.remove())),
    destroy: jest.fn(() => mounted.splice(0).forEach((input) => input.remove())),
    on: jest.fn((event: string, handler: Handler): unknown => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return element;
    }),
    off: jest.fn((event: string, handler: Handler): unknown => {
      handlers.get(event)?.delete(handler);
      return element;
    }),
    once: jest.fn((): unknown => element),
    update: jest.fn(),
    focus: jest.fn(),
    blur: jest.fn(),
    clear: jest.fn(),
  };
  const elements = { create: jest.fn(() => element), getElement: jest.fn(() => element), update: jest.fn() };
  const stripe = {
    elements: jest.fn(() => elements),
    confirmCardSetup: jest.fn(
      async (_clientSecret: string, _data?: unknown) =>
        ({
          setupIntent: { id: 'seti_confirmed', status: 'succeeded' },
        }) as { setupIntent?: { id: string; status: string }; error?: { message: string } },
    ),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    // A payment (or its authentication challenge) succeeds unless a test says otherwise.
    confirmCardPayment: jest.fn(
      async (_clientSecret: string, _data?: unknown) =>
        ({
          paymentIntent: { id: 'pi_confirmed', status: 'succeeded' },
        }) as { paymentIntent?: { id: string; status: string }; error?: { message: string } },
    ),
    handleCardAction: jest.fn(),
    registerAppInfo: jest.fn(),
    _registerWrapper: jest.fn(),
  };
  const constructor = jest.fn((_key: string) => stripe);
  return {
    constructor,
    stripe,
    elements,
    element,
    /** Sends the card element's event (e.g. 'change' with an error) to the panel's handlers. */
    emit(event: string, payload: unknown) {
      handlers.get(event)?.forEach((handler) => handler(payload));
    },
    install() {
      window.Stripe = constructor as unknown as StripeConstructor;
    },
  };
}

export type FakeStripe = ReturnType<typeof createFakeStripe>;

export type ScriptOutcome = 'load' | 'blocked' | 'networkError';

/**
 * Answers each <script src={url}> the loader adds, in turn, with the next outcome; with none left, the script
 * stays loading. In its `environment` (give it to the panel: openPanelAs's `paymentScript`) the loader's retry
 * waits pass at once (their lengths are recorded) and a failure takes the time its kind takes.
 */
export function answerPaymentScript(url: string, fake: FakeStripe, outcomes: ScriptOutcome[]) {
  const waits: number[] = [];
  const scripts: HTMLScriptElement[] = [];
  let clock = 0;
  const environment: ScriptEnvironment = {
    ...browserScriptEnvironment,
    now: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  const pending = [...outcomes];
  const unanswered: HTMLScriptElement[] = [];
  const observer = new MutationObserver(() => {
    for (const script of document.head.querySelectorAll<HTMLScriptElement>('script')) {
      if (script.getAttribute('src') !== url || scripts.includes(script)) continue;
      scripts.push(script);
      const outcome = pending.shift();
      if (!outcome) {
        unanswered.push(script);
        continue;
      }
      if (outcome === 'load') {
        fake.install();
        script.dispatchEvent(new Event('load'));
      } else {
        // A blocked request fails at once; a broken connection takes its time.
        clock += outcome === 'blocked' ? 5 : 3000;
        script.dispatchEvent(new Event('error'));
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return {
    environment,
    waits,
    scripts,
    /** Outcomes for the scripts still to come. */
    queue(...more: ScriptOutcome[]) {
      pending.push(...more);
    },
    /** Lets a script that is still loading arrive. */
    loadWaiting() {
      const script = unanswered.shift();
      if (!script) throw new Error('No payment script is waiting');
      fake.install();
      script.dispatchEvent(new Event('load'));
    },
    stop() {
      observer.disconnect();
    },
  };
}

/** Undoes what a test's card provider left behind: the answered script, the loaded provider, `window.Stripe`. */
export function forgetPaymentScript(script: { stop(): void } | null) {
  script?.stop();
  forgetPaymentProviders();
  delete window.Stripe;
  document.head.querySelectorAll('script').forEach((element) => element.remove());
}
