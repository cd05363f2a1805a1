/**
 * The card provider's instance: its script loaded on demand (paymentScript.ts), then `window.Stripe(key, {locale})`.
 * One load per page: later callers share it, and a failed load is forgotten so that 'Try again' loads afresh.
 * `loadStripe` from @stripe/stripe-js is not used: it only loads the provider's CDN, and the demo serves a
 * sandbox stand-in from the panel's own server.
 *
 * The provider speaks the owner's language: the instance is made in the language of the time it loads (its error
 * messages follow it), and the card form's Elements are given the language of each render (CardModal.tsx), which
 * the provider applies to the mounted field in place. One instance serves the page whatever the language later
 * becomes (a new one would unmount the card field and what was typed in it); the card errors the catalog knows
 * read in the owner's current language anyway (cardErrors.ts).
 */
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { createContext } from 'react';
import { sleep } from '../../api/sleep';
import { PaymentScriptError, loadPaymentScript } from './paymentScript';
import type { ScriptEnvironment } from './paymentScript';

/** The page as the loader sees it. */
export const browserScriptEnvironment: ScriptEnvironment = {
  document: typeof document === 'undefined' ? (undefined as unknown as Document) : document,
  now: () => performance.now(),
  sleep,
  loaded: () => typeof window !== 'undefined' && typeof window.Stripe === 'function',
};

/** The environment screens load the provider in: the page's own unless a provider (a test) gives another. */
export const PaymentScriptEnvironmentContext = createContext<ScriptEnvironment>(browserScriptEnvironment);

/** The languages the panel speaks, as the provider names them: its own. */
export type ProviderLocale = Extract<StripeElementLocale, 'en' | 'de' | 'fr'>;

/** The provider's language for a catalog ('de', 'fr', 'en'; the pseudo-locale is English to the provider). */
export function providerLocale(catalog: string): ProviderLocale {
  return catalog === 'de' || catalog === 'fr' ? catalog : 'en';
}

const instances = new Map<string, Promise<Stripe>>();

export function loadPaymentProvider(
  scriptUrl: string,
  publishableKey: string,
  env: ScriptEnvironment,
  /** the owner's language when the script has loaded (asked then: the owner may switch while it loads) */
  locale: () => ProviderLocale = () => 'en',
): Promise<Stripe> {
  const key = `${scriptUrl} ${publishableKey}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadPaymentScript(scriptUrl, env).then(() => {
      const create = window.Stripe;
      if (typeof create !== 'function') throw new PaymentScriptError('unknown');
      return create(publishableKey, { locale: locale() });
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
