/**
 * The card provider's instance: its script loaded on demand (paymentScript.ts), then `window.Stripe(key)`.
 * One load per page: later callers share it, and a failed load is forgotten so that 'Try again' loads afresh.
 * `loadStripe` from @stripe/stripe-js is not used: it only loads the provider's CDN, and the demo serves a
 * sandbox stand-in from the panel's own server.
 */
import type { Stripe } from '@stripe/stripe-js';
import { createContext } from 'react';
import { PaymentScriptError, loadPaymentScript } from './paymentScript';
import type { ScriptEnvironment } from './paymentScript';

/** The page as the loader sees it. */
export const browserScriptEnvironment: ScriptEnvironment = {
  document: typeof document === 'undefined' ? (undefined as unknown as Document) : document,
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  loaded: () => typeof window !== 'undefined' && typeof window.Stripe === 'function',
};

/** The environment screens load the provider in: the page's own unless a provider (a test) gives another. */
export const PaymentScriptEnvironmentContext = createContext<ScriptEnvironment>(browserScriptEnvironment);

const instances = new Map<string, Promise<Stripe>>();

export function loadPaymentProvider(scriptUrl: string, publishableKey: string, env: ScriptEnvironment): Promise<Stripe> {
  const key = `${scriptUrl} ${publishableKey}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadPaymentScript(scriptUrl, env).then(() => {
      const create = window.Stripe;
      if (typeof create !== 'function') throw new PaymentScriptError('unknown');
      return create(publishableKey);
    });
    instance.catch(() => instances.delete(key));
    instances.set(key, instance);
  }
  return instance;
}

/** Forgets every loaded instance (tests: each starts with a page that has not loaded the provider). */
export function forgetPaymentProviders(): void {
  instances.clear();
}
